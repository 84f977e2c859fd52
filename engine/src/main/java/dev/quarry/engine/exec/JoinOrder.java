package dev.quarry.engine.exec;

import dev.quarry.engine.expr.RowExpr;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The order in which a basic graph pattern's nested-loop index join visits its patterns,
 * and where each FILTER of the pattern is checked: as soon as its variables are bound.
 *
 * <p>Greedy, the way the fast engines order a BGP: at each step the pattern that leaves
 * the fewest rows, counting the rows it adds per incoming row ({@link Cardinality}) and
 * the filters it completes (their {@link RowExpr#selectivity()}). Filters take part in
 * the order, not only in the placement: among patterns that leave about as many rows, one
 * that completes a filter comes first, then one that binds a variable a pending filter
 * waits for, then the one with fewer new variables, then the first as written. So a
 * one-row pattern such as {@code <product> :price ?p} runs early, a range filter on it is
 * checked at the step that binds the other side, and a label fetched only for output
 * comes last, for the surviving rows.
 */
final class JoinOrder {
    /** Costs within this factor count as a tie, decided by the filter preferences. */
    private static final double TIE = 1.02;

    final int[] order;
    /** Filters to check before the first pattern (all their variables bound by the input). */
    final int[] filtersBefore;
    /** filtersAfter[k]: filters to check once level k has bound its variables. */
    final int[][] filtersAfter;
    /** Estimated rows after each level, for EXPLAIN. */
    final double[] rowsAfter;

    private JoinOrder(int[] order, int[] filtersBefore, int[][] filtersAfter, double[] rowsAfter) {
        this.order = order;
        this.filtersBefore = filtersBefore;
        this.filtersAfter = filtersAfter;
        this.rowsAfter = rowsAfter;
    }

    static JoinOrder plan(List<QuadPatternIds> patterns, long[] base, List<RowExpr> filters, boolean[] boundAtStart,
                          ExecContext cx) {
        int n = patterns.size();
        boolean[] bound = boundAtStart.clone();
        boolean[] bindable = boundAtStart.clone(); // bound now or by some pattern later
        for (QuadPatternIds p : patterns) {
            for (int slot : p.slots) {
                if (slot != QuadPatternIds.CONSTANT) {
                    bindable[slot] = true;
                }
            }
        }
        boolean[] placed = new boolean[filters.size()];
        int[] filtersBefore = place(filters, placed, bound, bindable, n == 0);
        int[] order = new int[n];
        int[][] after = new int[n][];
        double[] rowsAfter = new double[n];
        boolean[] used = new boolean[n];
        double rows = 1;
        for (int step = 0; step < n; step++) {
            int best = -1;
            double bestRows = 0;
            boolean bestJoins = false;
            int bestPreference = 0, bestNewVars = 0;
            for (int i = 0; i < n; i++) {
                if (used[i]) {
                    continue;
                }
                QuadPatternIds p = patterns.get(i);
                boolean[] next = bindAll(bound, p);
                double fanout = Cardinality.fanout(p, base[i], bound, cx);
                double r = rows * fanout * completedSelectivity(filters, placed, next);
                // No cross product while a pattern joining what is bound is left, unless it keeps at most one row.
                boolean joins = step == 0 || connected(p, bound) || fanout <= 1;
                int preference = completes(filters, placed, bound, next) ? 2 : feedsPending(filters, placed, bound, p) ? 1 : 0;
                int newVars = newVariables(p, bound);
                if (best < 0 || (joins && !bestJoins)
                        || (joins == bestJoins && (r * TIE < bestRows
                        || (r <= bestRows * TIE && better(preference, newVars, bestPreference, bestNewVars))))) {
                    best = i;
                    bestRows = r;
                    bestJoins = joins;
                    bestPreference = preference;
                    bestNewVars = newVars;
                }
            }
            used[best] = true;
            order[step] = best;
            bound = bindAll(bound, patterns.get(best));
            rows = Math.max(bestRows, 1e-3);
            rowsAfter[step] = bestRows;
            after[step] = place(filters, placed, bound, bindable, step == n - 1);
        }
        return new JoinOrder(order, filtersBefore, after, rowsAfter);
    }

    private static boolean connected(QuadPatternIds p, boolean[] bound) {
        for (int pos = 0; pos < 4; pos++) {
            if (p.isJoinBound(pos, bound)) {
                return true;
            }
        }
        return false;
    }

    private static boolean better(int preference, int newVars, int bestPreference, int bestNewVars) {
        return preference > bestPreference || (preference == bestPreference && newVars < bestNewVars);
    }

    private static boolean[] bindAll(boolean[] bound, QuadPatternIds p) {
        boolean[] next = bound.clone();
        for (int slot : p.slots) {
            if (slot != QuadPatternIds.CONSTANT) {
                next[slot] = true;
            }
        }
        return next;
    }

    /**
     * The filters not yet placed whose variables are all bound (or can never be bound by
     * this pattern: they are checked at the end, with those variables unbound, as SPARQL
     * says); marks them placed.
     */
    private static int[] place(List<RowExpr> filters, boolean[] placed, boolean[] bound, boolean[] bindable,
                               boolean last) {
        List<Integer> now = new ArrayList<>();
        for (int f = 0; f < filters.size(); f++) {
            if (!placed[f] && ready(filters.get(f), bound, bindable, last)) {
                placed[f] = true;
                now.add(f);
            }
        }
        return now.stream().mapToInt(Integer::intValue).toArray();
    }

    private static boolean ready(RowExpr f, boolean[] bound, boolean[] bindable, boolean last) {
        for (int slot : f.slots()) {
            if (!bound[slot] && (bindable[slot] || !last)) {
                return false;
            }
        }
        return true;
    }

    private static double completedSelectivity(List<RowExpr> filters, boolean[] placed, boolean[] next) {
        double s = 1;
        for (int f = 0; f < filters.size(); f++) {
            if (!placed[f] && allBound(filters.get(f), next)) {
                s *= filters.get(f).selectivity();
            }
        }
        return s;
    }

    private static boolean completes(List<RowExpr> filters, boolean[] placed, boolean[] bound, boolean[] next) {
        for (int f = 0; f < filters.size(); f++) {
            if (!placed[f] && !allBound(filters.get(f), bound) && allBound(filters.get(f), next)
                    && filters.get(f).selectivity() < 1) {
                return true;
            }
        }
        return false;
    }

    private static boolean feedsPending(List<RowExpr> filters, boolean[] placed, boolean[] bound, QuadPatternIds p) {
        for (int f = 0; f < filters.size(); f++) {
            if (placed[f] || filters.get(f).selectivity() >= 1) {
                continue;
            }
            for (int slot : filters.get(f).slots()) {
                if (!bound[slot] && Arrays.stream(p.slots).anyMatch(s -> s == slot)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean allBound(RowExpr f, boolean[] bound) {
        for (int slot : f.slots()) {
            if (!bound[slot]) {
                return false;
            }
        }
        return true;
    }

    private static int newVariables(QuadPatternIds p, boolean[] bound) {
        int n = 0;
        for (int slot : p.slots) {
            if (slot != QuadPatternIds.CONSTANT && !bound[slot]) {
                n++;
            }
        }
        return n;
    }
}
