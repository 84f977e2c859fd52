package dev.quarry.engine.exec;

import dev.quarry.engine.expr.RowExpr;
import java.util.List;

/**
 * The order in which a basic graph pattern's nested-loop index join visits its patterns,
 * and where each FILTER of the pattern is checked: as soon as its variables are bound.
 *
 * <p>Greedy, the way the fast engines order a BGP: at each step the pattern that leaves
 * the fewest rows, counting the rows it adds per incoming row ({@link Cardinality}) and
 * the filters it completes (their {@link RowExpr#selectivity()}). No cross product is
 * taken while a pattern joining what is bound is left, unless it keeps at most one row.
 * Filters take part in the order, not only in the placement: among patterns that leave
 * about as many rows, one that completes a filter comes first, then one that binds a
 * variable a pending filter waits for, then the one with fewer new variables, then the
 * first as written. So a one-row pattern such as {@code <product> :price ?p} runs early,
 * a range filter on it is checked at the step that binds the other side, and a label
 * fetched only for output comes last, for the surviving rows.
 *
 * <p>Sets of slots are bit masks ({@code long}): a plan has at most 64 slots.
 */
final class JoinOrder {
    /** Costs within this factor count as a tie, decided by the filter preferences. */
    private static final double TIE = 1.02;
    private static final int[] NONE = new int[0];

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

    /** The variable slots of a pattern as a mask. */
    static long mask(QuadPatternIds p) {
        long m = 0;
        for (int slot : p.slots) {
            if (slot != QuadPatternIds.CONSTANT) {
                m |= 1L << slot;
            }
        }
        return m;
    }

    /** {@code bound}: the slots the input binds. */
    static JoinOrder plan(List<QuadPatternIds> patterns, long[] base, List<RowExpr> filters, long bound, ExecContext cx) {
        int n = patterns.size();
        long[] pm = new long[n];
        long bindable = bound;
        for (int i = 0; i < n; i++) {
            pm[i] = mask(patterns.get(i));
            bindable |= pm[i];
        }
        int nf = filters.size();
        long[] fm = new long[nf];
        double[] sel = new double[nf];
        for (int f = 0; f < nf; f++) {
            fm[f] = filters.get(f).slotMask();
            sel[f] = filters.get(f).selectivity();
        }
        long placed = 0; // filters, as a mask over filter indexes (at most 64 filters per pattern: more are checked at the end)
        int[] filtersBefore = place(fm, placed, bound, bindable, n == 0);
        placed |= maskOf(filtersBefore);
        int[] order = new int[n];
        int[][] after = new int[n][];
        double[] rowsAfter = new double[n];
        long used = 0;
        double rows = 1;
        boolean[] boundArray = new boolean[cx.width()];
        for (int step = 0; step < n; step++) {
            for (int s = 0; s < boundArray.length; s++) {
                boundArray[s] = (bound & (1L << s)) != 0;
            }
            int best = -1;
            double bestRows = 0;
            boolean bestJoins = false;
            int bestPreference = 0, bestNewVars = 0;
            for (int i = 0; i < n; i++) {
                if ((used & (1L << i)) != 0) {
                    continue;
                }
                QuadPatternIds p = patterns.get(i);
                long next = bound | pm[i];
                double fanout = Cardinality.fanout(p, base[i], boundArray, cx);
                double selectivity = 1;
                boolean completes = false, feeds = false;
                for (int f = 0; f < nf; f++) {
                    if ((placed & (1L << f)) != 0) {
                        continue;
                    }
                    boolean ready = (fm[f] & ~next) == 0;
                    if (ready) {
                        selectivity *= sel[f];
                    }
                    if (sel[f] < 1) {
                        completes |= ready && (fm[f] & ~bound) != 0;
                        feeds |= (fm[f] & pm[i] & ~bound) != 0;
                    }
                }
                double r = rows * fanout * selectivity;
                // No cross product while a pattern joining what is bound is left, unless it keeps at most one row.
                boolean joins = step == 0 || (pm[i] & bound) != 0 || fanout <= 1;
                int preference = completes ? 2 : feeds ? 1 : 0;
                int newVars = Long.bitCount(pm[i] & ~bound);
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
            used |= 1L << best;
            order[step] = best;
            bound |= pm[best];
            rows = Math.max(bestRows, 1e-3);
            rowsAfter[step] = bestRows;
            after[step] = place(fm, placed, bound, bindable, step == n - 1);
            placed |= maskOf(after[step]);
        }
        return new JoinOrder(order, filtersBefore, after, rowsAfter);
    }

    private static boolean better(int preference, int newVars, int bestPreference, int bestNewVars) {
        return preference > bestPreference || (preference == bestPreference && newVars < bestNewVars);
    }

    /**
     * The filters not yet placed whose variables are all bound, or (at the last level) can
     * never be bound by this pattern: those are checked at the end, with those variables
     * unbound, as SPARQL says.
     */
    private static int[] place(long[] fm, long placed, long bound, long bindable, boolean last) {
        int count = 0;
        int[] now = null;
        for (int f = 0; f < fm.length; f++) {
            if ((placed & (1L << f)) == 0 && ready(fm[f], bound, bindable, last)) {
                if (now == null) {
                    now = new int[fm.length];
                }
                now[count++] = f;
            }
        }
        return now == null ? NONE : java.util.Arrays.copyOf(now, count);
    }

    private static boolean ready(long filter, long bound, long bindable, boolean last) {
        long missing = filter & ~bound;
        return missing == 0 || (last && (missing & bindable) == 0);
    }

    private static long maskOf(int[] filters) {
        long m = 0;
        for (int f : filters) {
            m |= 1L << f;
        }
        return m;
    }
}
