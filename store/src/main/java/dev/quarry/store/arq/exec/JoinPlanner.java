package dev.quarry.store.arq.exec;

import dev.quarry.store.QuadReader;
import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermId;
import java.util.List;

/**
 * Orders the patterns of a basic graph pattern for nested-loop index joins: greedily
 * the cheapest next pattern, among those that share a variable with what is already
 * bound (no cross products while a connected pattern is left); when none does, a
 * pattern with a constant subject or object first.
 *
 * <p>Cost of a pattern alone: the store's estimate of its matches given its constants
 * (exact when small, from the per-predicate / per-graph statistics when large). A
 * position bound by an earlier pattern lowers it by a fan-out heuristic, as the store
 * has no per-value statistics: a bound subject leaves a few quads, a bound object
 * about the square root (objects are shared more than subjects).
 */
final class JoinPlanner {
    /** Above this many matches a pattern's size comes from the statistics, not a count. */
    static final int COUNT_CAP = 200;

    private JoinPlanner() {}

    /** Matches of each pattern given its constants only; a 0 means the whole pattern has no solution. */
    static long[] baseEstimates(List<IdPattern> patterns, QuadReader reader) {
        long[] est = new long[patterns.size()];
        for (int i = 0; i < est.length; i++) {
            IdPattern p = patterns.get(i);
            long[] k = new long[4];
            for (int pos = 0; pos < 4; pos++) {
                k[pos] = p.slots[pos] == IdPattern.CONSTANT ? p.constants[pos] : TermId.NONE;
            }
            if (k[Permutation.G] == TermId.NONE) {
                k[Permutation.G] = TermId.ANY_NAMED_GRAPH;
            }
            est[i] = reader.estimate(k[0], k[1], k[2], k[3], COUNT_CAP);
        }
        return est;
    }

    /** The evaluation order: indexes into {@code patterns}. {@code bound} is updated as patterns bind slots. */
    static int[] order(List<IdPattern> patterns, long[] base, boolean[] bound) {
        int n = patterns.size();
        int[] order = new int[n];
        boolean[] used = new boolean[n];
        for (int step = 0; step < n; step++) {
            int best = -1;
            int bestRank = -1;
            double bestCost = Double.MAX_VALUE;
            for (int i = 0; i < n; i++) {
                if (used[i]) {
                    continue;
                }
                IdPattern p = patterns.get(i);
                int rank = connected(p, bound) ? 2 : anchored(p) ? 1 : 0;
                double cost = cost(p, base[i], bound);
                if (best < 0 || rank > bestRank || (rank == bestRank && cost < bestCost)) {
                    best = i;
                    bestRank = rank;
                    bestCost = cost;
                }
            }
            used[best] = true;
            order[step] = best;
            for (int slot : patterns.get(best).slots) {
                if (slot != IdPattern.CONSTANT) {
                    bound[slot] = true;
                }
            }
        }
        return order;
    }

    /**
     * A constant subject or object. Starting from such a pattern beats starting from a
     * smaller predicate-only one: the store knows a predicate's size but not how many
     * quads share one of its objects, so a small predicate-only start (100 vendors'
     * countries) can fan out into most of the data on the next join.
     */
    private static boolean anchored(IdPattern p) {
        return p.slots[Permutation.S] == IdPattern.CONSTANT || p.slots[Permutation.O] == IdPattern.CONSTANT;
    }

    private static boolean connected(IdPattern p, boolean[] bound) {
        for (int slot : p.slots) {
            if (slot != IdPattern.CONSTANT && bound[slot]) {
                return true;
            }
        }
        return false;
    }

    private static double cost(IdPattern p, long base, boolean[] bound) {
        if (p.isBound(Permutation.S, bound) && p.isBound(Permutation.P, bound) && p.isBound(Permutation.O, bound)) {
            return Math.min(base, 1); // an existence check: one probe, at most one row per graph
        }
        double c = base;
        boolean s = joinBound(p, Permutation.S, bound);
        boolean o = joinBound(p, Permutation.O, bound);
        if (s && o) {
            return Math.min(c, 1);
        }
        if (s) {
            c = Math.min(c, p.slots[Permutation.P] == IdPattern.CONSTANT ? 3 : 20);
        }
        if (o) {
            c = Math.min(c, Math.sqrt(c) + 1);
        }
        if (joinBound(p, Permutation.P, bound)) {
            c = c / 10;
        }
        if (joinBound(p, Permutation.G, bound)) {
            c = c / 10;
        }
        return c;
    }

    /** Position bound by a variable already bound (constants are in the base estimate). */
    private static boolean joinBound(IdPattern p, int pos, boolean[] bound) {
        int slot = p.slots[pos];
        return slot != IdPattern.CONSTANT && bound[slot];
    }
}
