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
        // At least cap: the tightest statistic that bounds the pattern, else the total.
        long bound = stat(reader, KeyLayout.STAT_TOTAL, KeyLayout.TOTAL_QUADS);
        if (p != TermId.NONE) {
            bound = Math.min(bound, stat(reader, KeyLayout.STAT_PREDICATE, p));
        }
        if (g != TermId.NONE && g != TermId.ANY_NAMED_GRAPH) {
            bound = Math.min(bound, stat(reader, KeyLayout.STAT_GRAPH, g));
        }
        boolean onlyStats = s == TermId.NONE && o == TermId.NONE;
        // s or o bound besides: the statistic overestimates; halve it per extra bound position.
        if (!onlyStats) {
            bound = bound / (s != TermId.NONE && o != TermId.NONE ? 4 : 2);
        }
        return Math.max(cap, bound);
    }

    private static long stat(KvReader reader, byte kind, long id) {
        byte[] v = reader.get(KeyLayout.statKey(kind, id));
        return v == null ? Long.MAX_VALUE : KeyLayout.getLong(v, 0);
    }
}
