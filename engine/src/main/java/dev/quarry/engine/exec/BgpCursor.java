package dev.quarry.engine.exec;

import dev.quarry.engine.expr.RowExpr;
import dev.quarry.store.QuadCursor;
import dev.quarry.store.PredicateTable;
import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Nested-loop index join over a {@link BgpNode}'s patterns: depth first, one store cursor
 * per level, re-sought for every row entering the level (the RocksDB iterator is made
 * once per level, not once per row), rows as reused {@code long[]} per level. Filters
 * run at the level that completes them. The join order is planned at the first start
 * and again only when an input binds a different set of variables.
 */
final class BgpCursor implements RowCursor {
    private final BgpNode node;
    private final ExecContext cx;
    private final List<QuadPatternIds> patterns;
    private final List<RowExpr> filters;
    private final int n;
    /** rows[k]: the row entering level k; rows[n]: the current solution. */
    private final long[][] rows;
    private final QuadCursor[] cursors;
    /** What each level reads now: its store cursor, or a {@link PredicateTableCursor}. */
    private final QuadCursor[] active;
    /** Per level of the current plan: range filters on the object read as key ranges, or null. */
    private ObjectRange[] objectRanges;
    /**
     * Per level: its subject is bound when it seeks and its predicate has few objects per
     * subject ({@link #FEW_OBJECTS_PER_SUBJECT}), so a seek reads the subject's objects at
     * once and the filters pick, rather than seeking each object range.
     */
    private boolean[] rangesSkipped;
    /** Per level: the hash probe answering its seeks, once built; whether building it was given up. */
    private PredicateTableCursor[] probes;
    /** Per level, the object ranges of its last seek: the next seek's are mostly the same (see {@link #rangesAt}). */
    private long[][] lastRanges;
    private final long[] rangeScratch = new long[ObjectRange.MAX_BOUNDS];
    private boolean[] probeRefused;
    /** Per level: seeks with object ranges and a bound subject, until a probe is tried. */
    private int[] rangeSeeks;
    /** Per level: the count of such seeks at which a probe is considered next. */
    private int[] probeCheckAt;
    /** Per level: the store's table of the level's predicate once it has one (see {@link #tableFor}). */
    private PredicateTableCursor[] tables;
    /** Per level: seeks of the table's shape, the count at which the store is asked next, and seeks answered by the table. */
    private int[] tableShapeSeeks;
    private int[] tableAskAt;
    private int[] tableSeeks;
    /** The pattern each level's store cursor was opened for. */
    private final QuadPatternIds[] patternAt;
    private final long[] key = new long[4];
    private final long[][] lastTriple;
    private long[] base;
    /** The input slots bound when the current plan was made. */
    private long plannedFor = -1;
    private JoinOrder plan;
    /** Under EXPLAIN: rows each level let through (after its filters), since the plan was made. */
    private long[] levelRows;
    /** Per level, the slots that identify a row after it when rows differing elsewhere are duplicates; 0 for no check. */
    private long[] dedupKey;
    private IdTupleSet[] seen;
    /** The slots of a row that {@link #dedupKey} names, gathered for a look-up in {@link #seen}. */
    private long[] dedupValues;
    private int level;
    private boolean done = true;

    BgpCursor(BgpNode node, ExecContext cx, int width) {
        this.node = node;
        this.cx = cx;
        this.patterns = node.patterns;
        this.filters = node.filters;
        this.n = patterns.size();
        this.rows = new long[n + 1][width];
        this.cursors = new QuadCursor[n];
        this.active = new QuadCursor[n];
        this.patternAt = new QuadPatternIds[n];
        this.lastTriple = new long[n][];
    }

    @Override
    public void start(long[] input) {
        System.arraycopy(input, 0, rows[0], 0, input.length);
        long bound = 0;
        for (int i = 0; i < input.length; i++) {
            if (input[i] != TermId.NONE) {
                bound |= 1L << i;
            }
        }
        if (plan == null || bound != plannedFor) {
            plan(bound);
        }
        done = !pass(plan.filtersBefore, rows[0]);
        if (!done && n == 0) {
            level = -1; // one row: the input itself
            return;
        }
        level = 0;
        if (!done) {
            for (IdTupleSet set : seen) {
                if (set != null) {
                    set.clear();
                }
            }
            seek(0);
        }
    }

    /**
     * Where rows can be deduplicated (a DISTINCT above): after a level at which a bound slot
     * stops being needed (not read by a later pattern, a later filter, or above), on the
     * slots still needed.
     */
    private void planDedup(long boundAtStart) {
        dedupKey = new long[n];
        seen = new IdTupleSet[n];
        if (!node.distinct) {
            return;
        }
        long[] liveAfter = new long[n];
        long live = node.needed;
        for (int k = n - 1; k >= 0; k--) {
            liveAfter[k] = live;
            live |= JoinOrder.mask(patterns.get(plan.order[k]));
            for (int f : plan.filtersAfter[k]) {
                live |= filters.get(f).slotMask();
            }
        }
        long bound = boundAtStart;
        long dead = 0;
        for (int k = 0; k < n; k++) {
            bound |= JoinOrder.mask(patterns.get(plan.order[k]));
            long nowDead = bound & ~liveAfter[k];
            if ((nowDead & ~dead) != 0 && k < n - 1) {
                dedupKey[k] = bound & liveAfter[k];
                int width = Long.bitCount(dedupKey[k]);
                seen[k] = new IdTupleSet(width);
                if (dedupValues == null || dedupValues.length < width) {
                    dedupValues = new long[width];
                }
            }
            dead = nowDead;
        }
    }

    /**
     * A seek with a bound subject, object ranges and fixed predicate and graph may be
     * answered by a hash probe once this many such seeks were made at a level (so a
     * level entered a few times never pays for a range scan).
     */
    static final int PROBE_AFTER = 16;
    /** Reading stops, and the probe is given up, after max(this, the allowance, twice the estimate) quads. */
    static final int PROBE_MIN_BUDGET = 4096;
    /**
     * About the cost of one seek of a join in quads read in order into the hash. Measured on
     * BSBM 1 M (a producer's offers delivered within 3 days: 1,164 seeks to come against a
     * range of 27,917 quads): the seeks took ~4 ms, the scan and hash ~10 ms, so a seek costs
     * about 8-10 quads. (It was 32, which built that hash and made the query 2.5x slower.)
     */
    static final int PROBE_QUADS_PER_ROW = 8;

    /**
     * At most this many objects per subject on average (the predicate's statistics), a seek
     * with a bound subject reads them all instead of seeking each object range (up to four:
     * dictionary terms, integers, negative integers, decimals, see {@link ObjectRange}): a
     * seek costs about as much as reading 8-10 keys in order ({@link #PROBE_QUADS_PER_ROW}).
     * On BSBM 5 M, Q5's last numeric property (one value per product) sought each product
     * three times; with one seek the query took ~3 % less (bench/results/2026-11-29-range-seeks/).
     */
    static final double FEW_OBJECTS_PER_SUBJECT = 8;

    private void planObjectRanges(long boundAtStart) {
        objectRanges = new ObjectRange[n];
        rangesSkipped = new boolean[n];
        probes = new PredicateTableCursor[n];
        lastRanges = new long[n][];
        probeRefused = new boolean[n];
        rangeSeeks = new int[n];
        probeCheckAt = new int[n];
        java.util.Arrays.fill(probeCheckAt, PROBE_AFTER);
        tables = new PredicateTableCursor[n];
        tableShapeSeeks = new int[n];
        tableAskAt = new int[n];
        tableSeeks = new int[n];
        java.util.Arrays.fill(tableAskAt, 1);
        long bound = boundAtStart;
        for (int k = 0; k < n; k++) {
            QuadPatternIds p = patterns.get(plan.order[k]);
            objectRanges[k] = ObjectRange.of(p, filters, plan.filtersAfter[k], bound);
            rangesSkipped[k] = objectRanges[k] != null && p.isBound(Permutation.S, bound) && p.isConstant(Permutation.P)
                    && fewObjectsPerSubject(p.constants[Permutation.P]);
            bound |= JoinOrder.mask(p);
        }
    }

    private boolean fewObjectsPerSubject(long predicate) {
        double perSubject = cx.reader().predicateStats(predicate).perSubject();
        return perSubject > 0 && perSubject <= FEW_OBJECTS_PER_SUBJECT;
    }

    /**
     * The object ranges of level {@code lvl}'s next seek, null if none apply: the array of its
     * last seek when they are the same (as when they depend only on the rows before a level
     * that varies less often), so that a seek allocates nothing for them.
     */
    private long[] rangesAt(int lvl, ObjectRange range) {
        int len = range.fill(rows[lvl], cx, rangeScratch);
        if (len < 0) {
            return null;
        }
        long[] last = lastRanges[lvl];
        if (last != null && java.util.Arrays.equals(last, 0, last.length, rangeScratch, 0, len)) {
            return last;
        }
        return lastRanges[lvl] = java.util.Arrays.copyOf(rangeScratch, len);
    }

    /** The values of the slots in {@code mask} of {@code row}, in slot order (in a buffer reused for the next row). */
    private long[] gather(long[] row, long mask) {
        int j = 0;
        for (long m = mask; m != 0; m &= m - 1) {
            dedupValues[j++] = row[Long.numberOfTrailingZeros(m)];
        }
        return dedupValues;
    }

    private void plan(long bound) {
        if (base == null) {
            base = new long[n];
            for (int i = 0; i < n; i++) {
                base[i] = Cardinality.base(patterns.get(i), cx);
            }
        }
        plan = JoinOrder.plan(patterns, base, filters, bound, cx);
        plannedFor = bound;
        planDedup(bound);
        planObjectRanges(bound);
        if (cx.explaining()) {
            levelRows = new long[n];
            cx.note(node, this::describeOrder);
        }
    }

    @Override
    public boolean next() {
        if (done) {
            return false;
        }
        if (n == 0) {
            done = true; // the input row, once
            System.arraycopy(rows[0], 0, rows[n], 0, rows[0].length);
            return true;
        }
        while (level >= 0) {
            if (!nextMatch(level)) {
                level--;
                continue;
            }
            if (!pass(plan.filtersAfter[level], rows[level + 1])) {
                continue;
            }
            if (dedupKey[level] != 0 && !seen[level].add(gather(rows[level + 1], dedupKey[level]))) {
                continue; // differs from a row already produced only in slots nothing reads any more
            }
            if (levelRows != null) {
                levelRows[level]++;
            }
            if (level == n - 1) {
                return true;
            }
            level++;
            seek(level);
        }
        done = true;
        return false;
    }

    @Override
    public long[] row() {
        return rows[n];
    }

    private boolean pass(int[] filterIndexes, long[] row) {
        for (int f : filterIndexes) {
            if (filters.get(f).test(row, cx) != RowExpr.TRUE) {
                return false;
            }
        }
        return true;
    }

    private void seek(int lvl) {
        QuadPatternIds p = patterns.get(plan.order[lvl]);
        p.searchKey(rows[lvl], key);
        ObjectRange range = objectRanges[lvl];
        QuadCursor c = cursors[lvl];
        if (c == null || patternAt[lvl] != p || (range != null) != (c instanceof RangeScanCursor)) {
            if (c != null) {
                c.close();
            }
            c = cx.reader().openCursor(p.variableMask());
            if (range != null) {
                c = new RangeScanCursor(c);
            }
            cursors[lvl] = c;
            patternAt[lvl] = p;
        }
        lastTriple[lvl] = null;
        PredicateTableCursor table = tableFor(lvl, p);
        if (table != null) {
            table.seek(key[Permutation.S], key[Permutation.P], key[Permutation.O], key[Permutation.G]);
            active[lvl] = table;
            tableSeeks[lvl]++;
            return;
        }
        active[lvl] = c;
        long[] ranges = range == null ? null : rangesAt(lvl, range);
        if (ranges == null) {
            c.seek(key[0], key[1], key[2], key[3]);
            return;
        }
        RangeScanCursor scan = (RangeScanCursor) c;
        PredicateTableCursor probe = probeFor(lvl, p, scan, ranges);
        if (probe != null) {
            probe.seek(key[Permutation.S], key[Permutation.P], TermId.NONE, key[Permutation.G]);
            active[lvl] = probe;
        } else if (rangesSkipped[lvl] && key[Permutation.S] != TermId.NONE) {
            scan.seek(key[0], key[1], key[2], key[3]);
        } else {
            scan.seekRanges(key[Permutation.S], key[Permutation.P], key[Permutation.G], ranges);
        }
    }

    /**
     * The store's in-memory table of this seek's predicate, if it has one: a seek with the
     * subject bound (a table by subject) or else the object bound (by object), predicate and
     * graph fixed (not the union graph). The store is told of such seeks, and asked for the
     * table, at the level's 1st, 2nd, 4th, 8th ... seek, so that a level seeking a million
     * times asks some twenty times; the store reads the table once the seeks of all queries
     * have paid for it.
     */
    private PredicateTableCursor tableFor(int lvl, QuadPatternIds p) {
        if (tables[lvl] != null) {
            return tables[lvl];
        }
        if (!p.isConstant(Permutation.P) || !p.isConstant(Permutation.G) || p.union) {
            return null;
        }
        PredicateTable.Key keyedBy = key[Permutation.S] != TermId.NONE ? PredicateTable.Key.SUBJECT
                : key[Permutation.O] != TermId.NONE ? PredicateTable.Key.OBJECT : null;
        if (keyedBy == null) {
            return null;
        }
        int seeks = ++tableShapeSeeks[lvl];
        if (seeks < tableAskAt[lvl]) {
            return null;
        }
        int reported = seeks - tableAskAt[lvl] / 2;
        tableAskAt[lvl] = seeks * 2;
        PredicateTable t = cx.reader().predicateTable(keyedBy, key[Permutation.P], key[Permutation.G], Math.max(1, reported));
        return t == null ? null : (tables[lvl] = new PredicateTableCursor(t, null));
    }

    /**
     * The hash probe for this seek, if there is one or one is worth building now; null
     * where a seek is the way. A probe is considered once a level has made
     * {@link #PROBE_AFTER} seeks of the probe's shape (subject bound by earlier levels,
     * predicate and graph fixed), and built only if its range scan is expected to cost less
     * than the seeks still to come: at most {@link #PROBE_QUADS_PER_ROW} quads in the ranges
     * (the store's size estimate, no keys read) per remaining seek, taken as the plan's
     * expectation and at least as many as made so far. A range too large is looked at again
     * after four times as many seeks. Without the estimate, the probe is tried within a
     * budget of quads and given up if the range holds more.
     */
    private PredicateTableCursor probeFor(int lvl, QuadPatternIds p, RangeScanCursor scan, long[] ranges) {
        if (key[Permutation.S] == TermId.NONE || p.isConstant(Permutation.S) || !p.isConstant(Permutation.P)
                || !p.isConstant(Permutation.G) || p.union || probeRefused[lvl]) {
            return null;
        }
        PredicateTableCursor probe = probes[lvl];
        if (probe == null && ++rangeSeeks[lvl] >= probeCheckAt[lvl]) {
            int seeks = rangeSeeks[lvl];
            double expectedIn = lvl == 0 ? 1 : plan.rowsAfter[lvl - 1];
            double allowance = PROBE_QUADS_PER_ROW * Math.max(expectedIn - seeks, seeks);
            long inRanges = rangeEstimate(key[Permutation.P], key[Permutation.G], ranges);
            if (inRanges > allowance) {
                probeCheckAt[lvl] = seeks * 4;
                return null;
            }
            double budget = Math.max(PROBE_MIN_BUDGET, inRanges < 0
                    ? PROBE_QUADS_PER_ROW * expectedIn : Math.max(allowance, 2.0 * inRanges));
            probe = PredicateTableCursor.probe(scan, key[Permutation.P], key[Permutation.G], ranges,
                    (int) Math.min(1 << 20, budget), cx);
            probes[lvl] = probe;
            probeRefused[lvl] = probe == null;
        }
        return probe != null && probe.covers(ranges) ? probe : null;
    }

    /** The store's estimate of the quads (?, p, o in ranges, g); -1 if it has none. */
    private long rangeEstimate(long p, long g, long[] ranges) {
        long sum = 0;
        for (int i = 0; i < ranges.length; i += 2) {
            long n = cx.reader().estimateObjectRange(p, g, ranges[i], ranges[i + 1]);
            if (n < 0) {
                return -1;
            }
            sum += n;
        }
        return sum;
    }

    /** Sets rows[lvl + 1] to the next row extending rows[lvl]; false when the level is exhausted. */
    private boolean nextMatch(int lvl) {
        QuadPatternIds p = patternAt[lvl];
        QuadCursor c = active[lvl];
        long[] in = rows[lvl];
        long[] out = rows[lvl + 1];
        while (c.next()) {
            cx.step();
            long s = c.s(), pr = c.p(), o = c.o();
            if (p.union && duplicateTriple(lvl, s, pr, o)) {
                continue;
            }
            System.arraycopy(in, 0, out, 0, in.length);
            if (bind(p, Permutation.S, s, out) && bind(p, Permutation.P, pr, out)
                    && bind(p, Permutation.O, o, out) && bind(p, Permutation.G, c.g(), out)) {
                return true;
            }
        }
        return false;
    }

    /** Union graph: scans end with G, so the copies of a triple in several graphs are adjacent. */
    private boolean duplicateTriple(int lvl, long s, long p, long o) {
        long[] last = lastTriple[lvl];
        if (last == null) {
            lastTriple[lvl] = new long[] {s, p, o};
            return false;
        }
        if (last[0] == s && last[1] == p && last[2] == o) {
            return true;
        }
        last[0] = s;
        last[1] = p;
        last[2] = o;
        return false;
    }

    /** Binds a position's slot; false if the slot holds another id (a variable repeated in the pattern). */
    private static boolean bind(QuadPatternIds p, int pos, long id, long[] row) {
        int slot = p.slots[pos];
        if (slot == QuadPatternIds.CONSTANT) {
            return true;
        }
        if (row[slot] == TermId.NONE) {
            row[slot] = id;
            return true;
        }
        return row[slot] == id;
    }

    private List<String> describeOrder() {
        List<String> lines = new ArrayList<>();
        for (int f : plan.filtersBefore) {
            lines.add("filter " + filters.get(f));
        }
        for (int k = 0; k < n; k++) {
            QuadPatternIds p = patterns.get(plan.order[k]);
            lines.add(String.format(Locale.ROOT, "%d. %s  [%s; est. %s rows after, actual %d; %d alone]", k + 1,
                    p.text(), index(p, k), Explain.number(plan.rowsAfter[k]), levelRows[k], base[plan.order[k]]));
            if (tables[k] != null) {
                lines.add("     " + tableSeeks[k] + " seeks answered by the store's in-memory table of the predicate by "
                        + tables[k].keyedBy() + " (" + tables[k].quads() + " quads)");
            }
            if (rangesSkipped[k] && probes[k] == null) {
                lines.add("     objects of the bound subject read at once (few per subject), not in the key ranges of "
                        + objectRanges[k]);
            } else if (objectRanges[k] != null) {
                lines.add("     objects read in the key ranges of " + objectRanges[k]
                        + (probes[k] != null ? "; after " + rangeSeeks[k] + " seeks, a hash of the " + probes[k].quads()
                                + " quads of one range scan answered the rest" : ""));
            }
            if (dedupKey != null && dedupKey[k] != 0) {
                lines.add("     distinct on " + varsOf(dedupKey[k]) + " (the rest is not needed any more)");
            }
            for (int f : plan.filtersAfter[k]) {
                lines.add("     filter " + filters.get(f));
            }
        }
        return lines;
    }

    private String varsOf(long mask) {
        java.util.List<String> names = new ArrayList<>();
        for (long m = mask; m != 0; m &= m - 1) {
            names.add(cx.vars()[Long.numberOfTrailingZeros(m)].toString());
        }
        return names.toString();
    }

    /** Any id of a term in a named graph's position: what {@link #index} puts where a value is bound. */
    private static final long BOUND = TermId.dictionaryId(1);

    /** The index the level scans and how many of its key positions are fixed, e.g. "POSG prefix 2". */
    private String index(QuadPatternIds p, int k) {
        long bound = plannedFor;
        for (int j = 0; j < k; j++) {
            bound |= JoinOrder.mask(patterns.get(plan.order[j]));
        }
        long[] shape = new long[4];
        for (int pos = 0; pos < 4; pos++) {
            // A stand-in for "bound", except a constant graph, whose value picks the indexes
            // (the default graph is not in the graph-first ones; any named graph is a filter).
            shape[pos] = p.isConstant(pos) || (bound & (1L << p.slots[pos])) != 0 ? BOUND : TermId.NONE;
        }
        if (p.isConstant(Permutation.G)) {
            long g = p.constants[Permutation.G];
            shape[Permutation.G] = g == TermId.ANY_NAMED_GRAPH ? TermId.NONE : g;
        }
        Permutation perm = Permutation.choose(shape, p.variableMask());
        return perm.name() + " prefix " + perm.boundPrefix(shape);
    }

    @Override
    public void close() {
        for (int i = 0; i < n; i++) {
            if (cursors[i] != null) {
                cursors[i].close();
                cursors[i] = null;
            }
        }
        done = true;
    }
}
