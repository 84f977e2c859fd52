package dev.quarry.store;

import dev.quarry.store.rocks.KvReader;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The statistics of the latest store version in memory (per-predicate planner statistics,
 * the counts behind cardinality estimates: total quads, quads per predicate and per graph,
 * and the estimates themselves per pattern), so that planning a query reads no key for a
 * statistic or a pattern it has seen: an entry is used only by views of the version it was
 * read at (a commit moves the version on, and the next view reads again). Planning read the
 * statistics once per pattern per query: 2.7 % of the server's CPU on the official BSBM
 * driver (async-profiler, 1 M); counting a pattern with a constant object (a class, a
 * feature: up to 256 keys, one JNI step each) was 20 % of a worker's CPU on a repeated
 * BSBM Q1 and ~4 % on the whole mix, though most such patterns recur from query to query.
 * (A commit's data can be seen by a view taken just before the version moves on: an
 * estimate may then be cached a version early. Estimates only order joins; answers never
 * depend on them.)
 */
final class StatsCache {
    private static final int LIMIT = 100_000;

    private record Versioned<V>(long version, V value) {}

    private record CountKey(byte kind, long id) {}

    private record PatternKey(long s, long p, long o, long g, int cap) {}

    private final ConcurrentHashMap<Long, Versioned<PredicateStats>> predicates = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<CountKey, Versioned<Long>> counts = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<PatternKey, Versioned<Long>> estimates = new ConcurrentHashMap<>();

    PredicateStats predicate(long p, long version, KvReader snapshot) {
        return cached(predicates, p, version, () -> QuadEstimates.predicateStats(snapshot, p));
    }

    /** The statistic {@code (kind, id)} as {@link QuadEstimates#stat} reads it, at {@code version}. */
    long count(byte kind, long id, long version, KvReader snapshot) {
        return cached(counts, new CountKey(kind, id), version, () -> QuadEstimates.stat(snapshot, kind, id));
    }

    /** {@link QuadReader#estimate} of the pattern at {@code version}, made by {@code read} if not known. */
    long estimate(long s, long p, long o, long g, int cap, long version, Supplier<Long> read) {
        return cached(estimates, new PatternKey(s, p, o, g, cap), version, read);
    }

    /** The entry for {@code key} read at {@code version}, reading it (and keeping it, unless a newer one is kept) if there is none. */
    private static <K, V> V cached(ConcurrentHashMap<K, Versioned<V>> map, K key, long version, Supplier<V> read) {
        Versioned<V> e = map.get(key);
        if (e != null && e.version == version) {
            return e.value;
        }
        V value = read.get();
        if (e == null || e.version < version) {
            if (map.size() >= LIMIT) {
                map.clear(); // far more keys than queries name: start again
            }
            map.put(key, new Versioned<>(version, value));
        }
        return value;
    }
}
