package dev.quarry.store;

import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.TermId;
import dev.quarry.store.rocks.KvReader;

/**
 * Cardinality estimates for a quad pattern, for join ordering: small answers are
 * counted exactly (a capped prefix scan costs microseconds), large ones come from the
 * statistics the store keeps per predicate and per graph.
 */
final class QuadEstimates {
    private QuadEstimates() {}

    static long estimate(KvReader reader, long s, long p, long o, long g, int cap) {
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
            // nothing about it and overestimate badly; past the cap, call it a few caps.
            return 4L * cap;
        }
        // Only p and/or g bound: the statistics are exact for one of them, a bound for both.
        long bound = stat(reader, KeyLayout.STAT_TOTAL, KeyLayout.TOTAL_QUADS);
        if (p != TermId.NONE) {
            bound = Math.min(bound, stat(reader, KeyLayout.STAT_PREDICATE, p));
        }
        if (g != TermId.NONE && g != TermId.ANY_NAMED_GRAPH) {
            bound = Math.min(bound, stat(reader, KeyLayout.STAT_GRAPH, g));
        }
        return Math.max(cap, bound == Long.MAX_VALUE ? cap : bound);
    }

    private static long stat(KvReader reader, byte kind, long id) {
        byte[] v = reader.get(KeyLayout.statKey(kind, id));
        return v == null ? Long.MAX_VALUE : KeyLayout.getLong(v, 0);
    }
}
