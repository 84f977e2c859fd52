package dev.quarry.store.dict;

import dev.quarry.store.error.StoreException;
import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.TermCodec;
import dev.quarry.store.encoding.TermId;
import dev.quarry.store.rocks.KvBatch;
import dev.quarry.store.rocks.KvReader;
import dev.quarry.store.rocks.RocksKv;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.stats.CacheStats;
import com.github.benmanes.caffeine.cache.stats.ConcurrentStatsCounter;
import com.github.benmanes.caffeine.cache.stats.StatsCounter;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.apache.jena.graph.Node;

/**
 * Term <-> id, both directions persistent (TERM2ID and ID2TERM key spaces).
 *
 * <p>Ids are never reused, so the id -> term cache is always valid. The term -> id
 * cache is per {@link Epoch}: DROP ALL starts a new epoch, and a reader keeps
 * the epoch of its snapshot, so no reader or writer ever sees an id of a term
 * that was dropped. Writers never cache: they see their own uncommitted terms.
 *
 * <p>Both caches are Caffeine caches bounded by entry count: when full they evict the
 * entries least likely to be used again (W-TinyLFU) and keep the hot ones, where the maps
 * before were cleared whole. Their hit counts are in {@link #cacheStats()}; the term -> id
 * counts add up over all epochs.
 */
public final class TermDictionary {
    static final int CACHE_LIMIT = 500_000;

    private final RocksKv kv;
    private final PrefixDictionary prefixes;
    private final TermCodec codec;
    private final AtomicLong nextSequence;
    private final int cacheLimit;
    private final Cache<Long, Node> nodeById;
    private final StatsCounter idByNodeStats = new ConcurrentStatsCounter();
    private volatile Epoch epoch;

    /** One generation of the term -> id cache. */
    public static final class Epoch {
        private final Cache<Node, Long> idByNode;

        private Epoch(Cache<Node, Long> idByNode) {
            this.idByNode = idByNode;
        }
    }

    /**
     * A cache of at most {@code limit} entries that records its hits into {@code stats}. Its
     * upkeep (eviction, frequency counts) runs on the calling thread: a few hundred nanoseconds
     * now and then, where handing it to the common ForkJoinPool woke a thread for it (2.4 % of a
     * bulk load's CPU in ForkJoinPool.deactivate, JFR at BSBM 5 M).
     */
    private static <K, V> Cache<K, V> boundedCache(int limit, StatsCounter stats) {
        return Caffeine.newBuilder().maximumSize(limit).executor(Runnable::run).recordStats(() -> stats).build();
    }

    public TermDictionary(RocksKv kv, PrefixDictionary prefixes) {
        this(kv, prefixes, CACHE_LIMIT);
    }

    /** With caches of at most {@code cacheLimit} entries each (tests use small ones). */
    TermDictionary(RocksKv kv, PrefixDictionary prefixes, int cacheLimit) {
        this.kv = kv;
        this.cacheLimit = cacheLimit;
        this.nodeById = boundedCache(cacheLimit, new ConcurrentStatsCounter());
        this.epoch = new Epoch(boundedCache(cacheLimit, idByNodeStats));
        this.prefixes = prefixes;
        this.codec = new TermCodec(prefixes);
        byte[] next = kv.get(KeyLayout.metaKey(KeyLayout.META_NEXT_ID));
        this.nextSequence = new AtomicLong(next == null ? 1 : KeyLayout.getLong(next, 0));
    }

    public TermCodec codec() {
        return codec;
    }

    public PrefixDictionary prefixes() {
        return prefixes;
    }

    public Epoch epoch() {
        return epoch;
    }

    /** Called after DROP ALL commits: cached term ids refer to dropped terms. */
    public void newEpoch() {
        epoch.idByNode.invalidateAll(); // nothing may use it any more: free its memory now
        epoch = new Epoch(boundedCache(cacheLimit, idByNodeStats));
    }

    /**
     * Hits, misses and evictions of the dictionary's caches since the store opened, by cache:
     * {@code term_by_id} (decoding ids for output), {@code id_by_term} (query constants), and
     * the {@link PrefixDictionary}'s {@code namespace_by_id} and {@code id_by_namespace}.
     */
    public Map<String, CacheStats> cacheStats() {
        Map<String, CacheStats> out = new LinkedHashMap<>();
        out.put("term_by_id", nodeById.stats());
        out.put("id_by_term", idByNodeStats.snapshot());
        out.putAll(prefixes.cacheStats());
        return out;
    }

    /** The id of {@code node} as {@code src} sees it, or {@link TermId#NONE} if it is not in the store. */
    public long lookup(Node node, KvReader src, Epoch cacheEpoch) {
        long inline = TermCodec.inlineId(node);
        if (inline != TermId.NONE) {
            return inline;
        }
        if (cacheEpoch != null) {
            Long cached = cacheEpoch.idByNode.getIfPresent(node);
            if (cached != null) {
                return cached;
            }
        }
        byte[] bytes = codec.encode(node, false);
        if (bytes == null) {
            return TermId.NONE;
        }
        long id = storedId(src, bytes, null);
        if (id == TermId.NONE) {
            return TermId.NONE;
        }
        if (node.isURI()) { // an IRI decodes to itself (a literal's form may be normalised): a query often writes its constants out
            nodeById.put(id, node);
        }
        if (cacheEpoch != null) {
            cacheEpoch.idByNode.put(node, id);
        }
        return id;
    }

    /**
     * The id of {@code node} in the transaction {@code batch}, creating the dictionary
     * entries in the batch if it has none. Returns the id; {@code created[0]} is set if new.
     */
    public long getOrCreate(Node node, KvBatch batch, boolean[] created) {
        long inline = TermCodec.inlineId(node);
        if (inline != TermId.NONE) {
            return inline;
        }
        byte[] bytes = codec.encode(node, true);
        long stored = storedId(batch, bytes, node::toString);
        if (stored != TermId.NONE) {
            return stored;
        }
        long id = TermId.dictionaryId(nextSequence.getAndIncrement());
        batch.put(KeyLayout.term2idKey(bytes), KeyLayout.longBytes(id));
        batch.put(KeyLayout.id2termKey(id), bytes);
        created[0] = true;
        return id;
    }

    /**
     * The id of the term with term bytes {@code bytes} in {@code src}, or {@link TermId#NONE}.
     * TERM2ID is keyed by the term's hash (store format 5), so the term stored under the id found
     * is compared with {@code bytes}. Another term with the same hash means this one is not in
     * the store ({@code writing} null: a read), or, for a write that would store it (its text
     * from {@code writing}), a collision error: both would get one id.
     */
    public static long storedId(KvReader src, byte[] bytes, Supplier<String> writing) {
        byte[] v = src.get(KeyLayout.term2idKey(bytes));
        if (v == null) {
            return TermId.NONE;
        }
        long id = KeyLayout.getLong(v, 0);
        if (Arrays.equals(bytes, src.get(KeyLayout.id2termKey(id)))) {
            return id;
        }
        if (writing == null) {
            return TermId.NONE;
        }
        throw collision(writing.get(), id);
    }

    private static StoreException collision(String term, long id) {
        return new StoreException("cannot store the term " + abbreviate(term) + ": its 128-bit dictionary hash equals that of the stored term "
                + TermId.toString(id) + " (a hash collision; nothing was written)");
    }

    private static String abbreviate(String s) {
        return s.length() <= 200 ? s : s.substring(0, 200) + "...";
    }

    /** Reserves {@code count} consecutive dictionary sequence numbers (for bulk loads); returns the first. */
    public long reserveSequences(long count) {
        return nextSequence.getAndAdd(count);
    }

    /** The next unassigned sequence number (persisted with every commit and load). */
    public long nextSequence() {
        return nextSequence.get();
    }

    /** The term with id {@code id} as {@code src} sees it. */
    public Node decode(long id, KvReader src) {
        if (TermId.isInline(id)) {
            return TermCodec.decodeInline(id);
        }
        Node cached = nodeById.getIfPresent(id);
        if (cached != null) {
            return cached;
        }
        byte[] v = src.get(KeyLayout.id2termKey(id));
        if (v == null) {
            throw new StoreException("store is inconsistent: no term with id " + TermId.toString(id));
        }
        Node node = codec.decode(v);
        nodeById.put(id, node);
        return node;
    }
}
