package dev.quarry.store.dict;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.stats.CacheStats;
import dev.quarry.store.error.StoreException;
import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.PrefixResolver;
import dev.quarry.store.rocks.RocksKv;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The persistent namespace dictionary: IRI namespaces get small int ids, stored
 * once on disk. A new namespace is written at once through the WAL (unsynced: the
 * commit that first uses it syncs it), outside any transaction: an entry no quad uses is harmless, and this keeps prefix ids
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

    public PrefixDictionary(RocksKv kv) {
        this.kv = kv;
        // The next id follows the greatest one in use. (Stores before this kept it in a META key too: writing
        // that key with every new namespace made the memtable, and the file it is flushed to after a bulk
        // load, span every index, so each seek of every query had to look into that file.)
        byte[] last = kv.lastKey(new byte[] {KeyLayout.TAG_PREFIX_BY_ID});
        this.nextId = last == null ? 1 : KeyLayout.getInt(last, 1) + 1;
    }

    @Override
    public int prefixId(String namespace, boolean create) {
        Integer cached = byName.getIfPresent(namespace);
        if (cached != null) {
            return cached;
        }
        byte[] v = kv.get(KeyLayout.prefixByNameKey(namespace));
        if (v != null) {
            int id = KeyLayout.getInt(v, 0);
            remember(namespace, id);
            return id;
        }
        if (!create) {
            return -1;
        }
        synchronized (assignLock) {
            v = kv.get(KeyLayout.prefixByNameKey(namespace));
            if (v != null) {
                int id = KeyLayout.getInt(v, 0);
                remember(namespace, id);
                return id;
            }
            if (nextId == Integer.MAX_VALUE) {
                throw new StoreException("prefix dictionary is full (2^31 namespaces)");
            }
            int id = nextId++;
            kv.putAllUnsynced(List.of(
                    KeyLayout.prefixByNameKey(namespace), KeyLayout.intBytes(id),
                    KeyLayout.prefixByIdKey(id), namespace.getBytes(StandardCharsets.UTF_8)));
            // Not cached until it is asked for again (one read, then cached): many namespaces
            // are used once (an IRI ending in '/' is a namespace of its own: BSBM's 282,000
            // offer web pages at 5 M), and putting each into the cache, evicting as it filled,
            // cost 0.5 s of a 16 s bulk load.
            return id;
        }
    }

    @Override
    public String namespace(int id) {
        String cached = byId.getIfPresent(id);
        if (cached != null) {
            return cached;
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
