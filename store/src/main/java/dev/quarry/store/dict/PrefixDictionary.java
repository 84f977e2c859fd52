package dev.quarry.store.dict;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.stats.CacheStats;
import dev.quarry.store.error.StoreException;
import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.PrefixResolver;
import dev.quarry.store.rocks.RocksKv;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The persistent namespace dictionary: IRI namespaces get small int ids, stored
 * once on disk. New namespaces are written through the WAL in groups (unsynced), outside
 * any transaction, and at the latest by the commit that first uses them ({@link #writeUnwritten},
 * which the commit's WAL sync makes durable): an entry no quad uses is harmless, and this keeps prefix ids
 * stable for everything that runs concurrently (writers, bulk loads, readers).
 * Entries are never deleted, so cached ids never go stale.
 *
 * <p>The caches are bounded Caffeine caches: past {@link #CACHE_LIMIT} entries each evicts
 * the entries least likely to be used again, so millions of namespaces cost disk, not heap,
 * and the hot ones stay. A namespace enters them when it is read, not when it is created.
 */
public final class PrefixDictionary implements PrefixResolver {
    static final int CACHE_LIMIT = 200_000;

    private final RocksKv kv;
    private final Cache<String, Integer> byName = cache();
    private final Cache<Integer, String> byId = cache();
    private final Object assignLock = new Object();
    private int nextId;
    /** What this dictionary created, so that a name surely new needs no read (a store's first load). */
    private final CreatedNamespaces created;
    /**
     * Namespaces created but not yet written, at most {@link #WRITE_GROUP}: they are written in
     * groups, not one RocksDB write each, because data with many one-off namespaces made those
     * writes ~9 % of a bulk load's CPU (BSBM 5 M N-Triples, async-profiler: 282,000 writes).
     */
    private final Map<String, Integer> unwrittenByName = new ConcurrentHashMap<>();
    private final Map<Integer, String> unwrittenById = new ConcurrentHashMap<>();
    /** Groups written so far: a reader that saw no namespace reads again only if a group was written since. */
    private volatile long writtenGroups;
    static final int WRITE_GROUP = 1024;

    public PrefixDictionary(RocksKv kv) {
        this.kv = kv;
        // The next id follows the greatest one in use. (Stores before this kept it in a META key too: writing
        // that key with every new namespace made the memtable, and the file it is flushed to after a bulk
        // load, span every index, so each seek of every query had to look into that file.)
        byte[] last = kv.lastKey(new byte[] {KeyLayout.TAG_PREFIX_BY_ID});
        this.nextId = last == null ? 1 : KeyLayout.getInt(last, 1) + 1;
        this.created = new CreatedNamespaces(last == null);
    }

    @Override
    public int prefixId(String namespace, boolean create) {
        Integer cached = byName.getIfPresent(namespace);
        if (cached != null) {
            return cached;
        }
        Integer unwritten = unwrittenByName.get(namespace);
        if (unwritten != null) {
            return unwritten;
        }
        long generation = writtenGroups;
        boolean unread = create && created.surelyAbsent(namespace); // (checked again under the lock)
        byte[] v = unread ? null : kv.get(KeyLayout.prefixByNameKey(namespace));
        if (v != null) {
            int id = KeyLayout.getInt(v, 0);
            remember(namespace, id);
            return id;
        }
        if (!create) {
            return -1;
        }
        synchronized (assignLock) {
            unwritten = unwrittenByName.get(namespace);
            if (unwritten != null) {
                return unwritten;
            }
            // Created by another thread after the read above? It is either still unwritten (just
            // checked) or was written in a group since: read again only then.
            // ... or, not read above, it may have been created before: the filter says so under the lock.
            if (writtenGroups != generation || unread && !created.surelyAbsent(namespace)) {
                v = kv.get(KeyLayout.prefixByNameKey(namespace));
                if (v != null) {
                    int id = KeyLayout.getInt(v, 0);
                    remember(namespace, id);
                    return id;
                }
            }
            if (nextId == Integer.MAX_VALUE) {
                throw new StoreException("prefix dictionary is full (2^31 namespaces)");
            }
            int id = nextId++;
            created.add(namespace);
            unwrittenByName.put(namespace, id);
            unwrittenById.put(id, namespace);
            if (unwrittenByName.size() >= WRITE_GROUP) {
                writeUnwritten();
            }
            // Not cached until it is asked for again (one read, then cached): many namespaces
            // are used once (an IRI ending in '/' is a namespace of its own: BSBM's 282,000
            // offer web pages at 5 M), and putting each into the cache, evicting as it filled,
            // cost 0.5 s of a 16 s bulk load.
            return id;
        }
    }

    /**
     * Writes the namespaces created since the last call, in one unsynced write. Every commit
     * calls it before its own write, so a namespace is in the WAL before any data that uses it
     * is committed; one that no commit ever used may be lost in a crash, which is harmless.
     */
    public void writeUnwritten() {
        synchronized (assignLock) {
            if (unwrittenByName.isEmpty()) {
                return;
            }
            // In key order: the memtable inserts a run of ascending keys next to each other, where
            // keys in hash order each walk its skip list from the top (that walk was ~0.3 of the
            // 0.5 CPU-seconds these writes took in a BSBM 5 M load, async-profiler).
            List<byte[][]> entries = new ArrayList<>(unwrittenByName.size() * 2);
            unwrittenByName.forEach((namespace, id) -> {
                entries.add(new byte[][] {KeyLayout.prefixByNameKey(namespace), KeyLayout.intBytes(id)});
                entries.add(new byte[][] {KeyLayout.prefixByIdKey(id), namespace.getBytes(StandardCharsets.UTF_8)});
            });
            entries.sort((a, b) -> Arrays.compareUnsigned(a[0], b[0]));
            List<byte[]> kvs = new ArrayList<>(entries.size() * 2);
            for (byte[][] e : entries) {
                kvs.add(e[0]);
                kvs.add(e[1]);
            }
            kv.putAllUnsynced(kvs);
            writtenGroups++;
            unwrittenByName.clear();
            unwrittenById.clear();
        }
    }

    @Override
    public String namespace(int id) {
        String cached = byId.getIfPresent(id);
        if (cached != null) {
            return cached;
        }
        String unwritten = unwrittenById.get(id);
        if (unwritten != null) {
            return unwritten;
        }
        byte[] v = kv.get(KeyLayout.prefixByIdKey(id));
        if (v == null) {
            throw new StoreException("store is inconsistent: no namespace with prefix id " + id);
        }
        String ns = new String(v, StandardCharsets.UTF_8);
        remember(ns, id);
        return ns;
    }

    private void remember(String namespace, int id) {
        byName.put(namespace, id);
        byId.put(id, namespace);
    }

    private static <K, V> Cache<K, V> cache() {
        // Upkeep on the calling thread, as TermDictionary's caches (see boundedCache there).
        return Caffeine.newBuilder().maximumSize(CACHE_LIMIT).executor(Runnable::run).recordStats().build();
    }

    /** Hits, misses and evictions of the two caches since the store opened. */
    Map<String, CacheStats> cacheStats() {
        Map<String, CacheStats> out = new LinkedHashMap<>();
        out.put("namespace_by_id", byId.stats());
        out.put("id_by_namespace", byName.stats());
        return out;
    }

    /**
     * Reserves {@code count} consecutive prefix ids for namespaces written by a bulk ingest of
     * prebuilt files (which carry their own PREFIX entries); returns the first.
     */
    public int reserve(int count) {
        synchronized (assignLock) {
            if ((long) nextId + count >= Integer.MAX_VALUE) {
                throw new StoreException("prefix dictionary is full (2^31 namespaces)");
            }
            int first = nextId;
            nextId += count;
            created.giveUp(); // the ingest writes those namespaces itself
            return first;
        }
    }

    /** How many namespaces have been assigned ids. */
    public int size() {
        synchronized (assignLock) {
            return nextId - 1;
        }
    }
}
