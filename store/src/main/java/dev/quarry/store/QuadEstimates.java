package dev.quarry.store;

import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermId;
import dev.quarry.store.rocks.KvReader;

/**
 * Cardinality estimates for a quad pattern, for join ordering: small answers are
 * counted exactly (a capped prefix scan costs microseconds), large ones come from the
 * statistics the store keeps per predicate and per graph, or for a bound subject or
 * object from the share of the index range in RocksDB's size estimates.
 */
final class QuadEstimates {
    private QuadEstimates() {}

    /** Reads a statistic, {@code Long.MAX_VALUE} if the store has none: from the store, or from a {@link StatsCache}. */
    interface Stats {
        long get(byte kind, long id);
    }

    /** Statistics read from {@code reader} each time (a write transaction sees its own changes). */
    static Stats direct(KvReader reader) {
        return (kind, id) -> stat(reader, kind, id);
    }

    static long estimate(KvReader reader, Stats stats, long s, long p, long o, long g, int cap) {
        if (s == TermId.NONE && o == TermId.NONE) {
            // Only p and/or g bound: the statistics bound the count; count exactly only
            // below the cap, rather than walking cap keys of a large predicate per query.
            long bound = statBound(stats, p, g);
            if (bound >= cap && bound != Long.MAX_VALUE) {
                return bound;
            }
        }
        long n = 0;
        try (QuadCursor c = IndexCursor.open(reader, s, p, o, g)) {
            while (n < cap && c.next()) {
                n++;
            }
        }
        if (n < cap) {
            return n;
        }
        if (s != TermId.NONE || o != TermId.NONE) {
            // A bound subject or object: the statistics (per predicate, per graph) say
            // nothing about it. The index range's share of its whole index, in RocksDB's
            // size estimates, tells a 300-quad range (one producer's products) from an
            // 8,000-quad one (a delivery time's offers), which the cap alone cannot.
            long share = proportional(reader, stats, s, p, o, g);
            return share < 0 ? 4L * cap : Math.max(cap, share);
        }
        long bound = statBound(stats, p, g);
        return Math.max(cap, bound == Long.MAX_VALUE ? cap : bound);
    }

    /**
     * The statistics' bound on quads with predicate {@code p} in graph {@code g} (either may
     * be a wildcard): exact for one of them, a bound for both; MAX_VALUE if unknown.
     */
    private static long statBound(Stats stats, long p, long g) {
        long bound = stats.get(KeyLayout.STAT_TOTAL, KeyLayout.TOTAL_QUADS);
        if (p != TermId.NONE) {
            bound = Math.min(bound, stats.get(KeyLayout.STAT_PREDICATE, p));
        }
        if (g != TermId.NONE && g != TermId.ANY_NAMED_GRAPH) {
            bound = Math.min(bound, stats.get(KeyLayout.STAT_GRAPH, g));
        }
        return bound;
    }

    /** Quads in the pattern's index range by its share of the index's bytes; -1 if the sizes are unknown. */
    private static long proportional(KvReader reader, Stats stats, long s, long p, long o, long g) {
        long[] pattern = {s, p, o, g == TermId.ANY_NAMED_GRAPH ? TermId.NONE : g};
        Permutation perm = Permutation.choose(pattern);
        byte[] prefix = KeyLayout.quadPrefix(perm, pattern);
        return share(reader, stats, perm, prefix, KeyLayout.prefixEnd(prefix));
    }

    /**
     * The quads in the keys {@code [from, to)} of {@code perm}'s index (null {@code to}: to the
     * end of all keys), as that range's share of the index's bytes in RocksDB's size estimates
     * times the quads the index holds; -1 if the sizes or the count are unknown.
     */
    private static long share(KvReader reader, Stats stats, Permutation perm, byte[] from, byte[] to) {
        long all = reader.approximateBytes(KeyLayout.tagOnly(perm.tag()));
        long total = stats.get(KeyLayout.STAT_TOTAL, KeyLayout.TOTAL_QUADS);
        if (all <= 0 || total == Long.MAX_VALUE) {
            return -1;
        }
        if (!perm.holdsAll()) { // a graph-first index holds the named graphs' quads only
            long inDefault = stats.get(KeyLayout.STAT_GRAPH, TermId.DEFAULT_GRAPH);
            total -= inDefault == Long.MAX_VALUE ? 0 : inDefault;
        }
        return (long) ((double) total * reader.approximateBytes(from, to) / all);
    }

    /**
     * About how many quads {@code (?, p, o, g)} have an object in {@code [oFrom, oTo]}, from the
     * range's share of its index in RocksDB's size estimates (no keys read: a few
     * microseconds whatever the range holds); -1 if no index orders such objects or the
     * sizes are unknown. Resolution about one data block (some hundreds of quads).
     */
    static long estimateObjectRange(KvReader reader, Stats stats, long p, long g, long oFrom, long oTo) {
        long[] pattern = {TermId.NONE, p, TermId.NONE, g == TermId.ANY_NAMED_GRAPH ? TermId.NONE : g};
        Permutation perm = Permutation.forObjectRange(pattern);
        if (perm == null) {
            return -1;
        }
        byte[] prefix = KeyLayout.quadPrefix(perm, pattern);
        return share(reader, stats, perm, KeyLayout.extendedPrefix(prefix, oFrom),
                KeyLayout.prefixEnd(KeyLayout.extendedPrefix(prefix, oTo)));
    }

    /** The planner's statistics of predicate {@code p} as {@code reader} sees them. */
    static PredicateStats predicateStats(KvReader reader, long p) {
        byte[] q = reader.get(KeyLayout.statKey(KeyLayout.STAT_PREDICATE, p));
        if (q == null) {
            return PredicateStats.NONE;
        }
        byte[] s = reader.get(KeyLayout.statKey(KeyLayout.STAT_PREDICATE_SUBJECTS, p));
        byte[] o = reader.get(KeyLayout.statKey(KeyLayout.STAT_PREDICATE_OBJECTS, p));
        return new PredicateStats(KeyLayout.getLong(q, 0),
                s == null ? 0 : KeyLayout.getLong(s, 0), o == null ? 0 : KeyLayout.getLong(o, 0));
    }

    static long stat(KvReader reader, byte kind, long id) {
        byte[] v = reader.get(KeyLayout.statKey(kind, id));
        return v == null ? Long.MAX_VALUE : KeyLayout.getLong(v, 0);
    }
}
