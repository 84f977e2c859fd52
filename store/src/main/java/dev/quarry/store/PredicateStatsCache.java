package dev.quarry.store;

import dev.quarry.store.rocks.KvReader;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Predicate statistics of the latest store version in memory, so that planning a query
 * reads no key for a predicate it has seen: an entry is used only by views of the version
 * it was read at (a commit moves the version on, and the next view reads again).
 */
final class PredicateStatsCache {
    private static final int LIMIT = 100_000;

    private record Entry(long version, PredicateStats stats) {}

    private final ConcurrentHashMap<Long, Entry> entries = new ConcurrentHashMap<>();

    PredicateStats get(long p, long version, KvReader snapshot) {
        Entry e = entries.get(p);
        if (e != null && e.version == version) {
            return e.stats;
        }
        PredicateStats s = QuadEstimates.predicateStats(snapshot, p);
        if (e == null || e.version < version) {
            if (entries.size() >= LIMIT) {
                entries.clear(); // far more predicates than queries name: start again
            }
            entries.put(p, new Entry(version, s));
        }
        return s;
    }
}
