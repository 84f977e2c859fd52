package dev.quarry.engine.exec;

import dev.quarry.store.PredicateStats;
import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermId;
import java.util.Map;

/**
 * Row estimates for join ordering. A pattern alone, given its constants: with a constant
 * subject and predicate, the predicate's quads per subject (no read: entities have few
 * values per property, and reading would cost as much as answering); otherwise the store's
 * estimate, a count below {@link #COUNT_CAP} (objects are skewed: a class or a popular
 * value can have most of a predicate's quads). Once per execution; a snapshot reader also
 * keeps them for later queries on the same store version. A pattern after others: the rows
 * it adds per incoming row, from the predicate's statistics (quads per subject, per
 * object); without them, the fan-out heuristics of earlier versions.
 */
final class Cardinality {
    /** Above this many matches a pattern's size comes from statistics, not a count. */
    static final int COUNT_CAP = 256;

    private Cardinality() {}

    /** Matches of the pattern given its constants only; 0 means the pattern has no match at all. */
    static long base(QuadPatternIds p, ExecContext cx) {
        long s = constant(p, Permutation.S), pr = constant(p, Permutation.P), o = constant(p, Permutation.O);
        long g = constant(p, Permutation.G);
        if (g == TermId.NONE) {
            g = TermId.ANY_NAMED_GRAPH;
        }
        long key = mix(s, pr, o, g);
        Map<Long, Long> memo = cx.estimateCache();
        Long known = memo.get(key);
        if (known != null) {
            return known;
        }
        long est = estimate(s, pr, o, g, cx);
        memo.put(key, est);
        return est;
    }

    private static long estimate(long s, long p, long o, long g, ExecContext cx) {
        if (s != TermId.NONE && p != TermId.NONE && o == TermId.NONE) {
            double perSubject = cx.reader().predicateStats(p).perSubject();
            if (perSubject > 0) {
                return Math.max(1, Math.round(perSubject));
            }
        }
        // Exact below the cap; a snapshot reader keeps it for the next query on the same
        // store version (patterns with a class or a popular value recur from query to query).
        return cx.reader().estimate(s, p, o, g, COUNT_CAP);
    }

    private static long constant(QuadPatternIds p, int pos) {
        return p.isConstant(pos) ? p.constants[pos] : TermId.NONE;
    }

    private static long mix(long s, long p, long o, long g) {
        long h = s * 0x9E3779B97F4A7C15L;
        h = (h ^ p) * 0xC2B2AE3D27D4EB4FL;
        h = (h ^ o) * 0x165667B19E3779F9L;
        return (h ^ g) * 0x9E3779B97F4A7C15L;
    }

    /** Rows the pattern adds per row entering it, with the {@code bound} slots already bound. */
    static double fanout(QuadPatternIds p, long base, boolean[] bound, ExecContext cx) {
        boolean s = p.isBound(Permutation.S, bound);
        boolean o = p.isBound(Permutation.O, bound);
        boolean pr = p.isBound(Permutation.P, bound);
        double f;
        if (s && o && pr) {
            f = Math.min(base, 1); // an existence check
        } else if (p.isConstant(Permutation.P)) {
            f = withPredicate(p, base, bound, cx);
        } else if (s && o) {
            f = Math.min(base, 1);
        } else if (s || o) {
            f = Math.min(base, 10);
        } else {
            f = base;
        }
        if (p.isJoinBound(Permutation.G, bound)) {
            f = f / 10;
        }
        return f;
    }

    private static double withPredicate(QuadPatternIds p, long base, boolean[] bound, ExecContext cx) {
        boolean sJoin = p.isJoinBound(Permutation.S, bound), oJoin = p.isJoinBound(Permutation.O, bound);
        boolean sConst = p.isConstant(Permutation.S), oConst = p.isConstant(Permutation.O);
        if (!sJoin && !oJoin) {
            return base; // the constants alone decide
        }
        if ((sJoin || sConst) && (oJoin || oConst)) {
            return Math.min(base, 1);
        }
        PredicateStats ps = cx.reader().predicateStats(p.constants[Permutation.P]);
        if (sJoin) {
            double perSubject = ps.perSubject();
            return Math.min(base, perSubject > 0 ? perSubject : 3);
        }
        double perObject = ps.perObject();
        return Math.min(base, perObject > 0 ? perObject : Math.sqrt(base) + 1);
    }
}
