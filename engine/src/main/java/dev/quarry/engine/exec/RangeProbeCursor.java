package dev.quarry.engine.exec;

import dev.quarry.store.QuadCursor;
import java.util.Arrays;

/**
 * A pattern {@code ?s <p> ?o} (graph fixed) with a range filter on {@code ?o} and
 * {@code ?s} bound by the rows before it, answered from a hash of subject to objects
 * built by ONE range scan, instead of one index seek per incoming row: a semi-join that
 * wins when many rows come in and the range is small (a seek costs as much as reading
 * some tens of keys in order). {@link BgpCursor} builds it after a level has done some
 * seeks with the same ranges, within a budget of quads; over budget it is not used.
 */
final class RangeProbeCursor implements QuadCursor {
    /*
     * Subject -> objects as primitive arrays (hand-written for speed): an open-addressing table
     * of subjects whose slots point to the first of their (subject, object) pairs, each pair
     * pointing to the subject's next one, in the order the scan read them. The HashMap of
     * boxed subjects to object arrays it replaces was ~12 % of the bytes a server allocated on
     * the official BSBM explore mix (async-profiler, alloc).
     */
    private final long[] subjects;
    /** Per table slot: 1 + the index of the subject's first pair; 0 for an empty slot. */
    private final int[] firstPair;
    private final int[] nextPair;
    private final long[] objects;
    private final long[] ranges;
    private final long p, g;
    private final int quads;
    private long s;
    /** The pair the cursor is on, and the one {@link #next} moves to; -1 for none. */
    private int at = -1;
    private int pending = -1;

    private RangeProbeCursor(long[] pairSubjects, long[] pairObjects, int quads, long[] ranges, long p, long g) {
        int slots = Integer.highestOneBit(Math.max(8, quads * 2 - 1)) << 1;
        this.subjects = new long[slots];
        this.firstPair = new int[slots];
        this.nextPair = new int[quads];
        this.objects = pairObjects;
        // Inserted last to first, each pair put before its subject's others: chains in scan order.
        for (int i = quads - 1; i >= 0; i--) {
            int slot = slotOf(pairSubjects[i]);
            if (firstPair[slot] == 0) {
                subjects[slot] = pairSubjects[i];
                nextPair[i] = -1;
            } else {
                nextPair[i] = firstPair[slot] - 1;
            }
            firstPair[slot] = i + 1;
        }
        this.ranges = ranges.clone();
        this.p = p;
        this.g = g;
        this.quads = quads;
    }

    /** The table slot of subject {@code s}: where it is, or the empty slot where it would go. */
    private int slotOf(long s) {
        int mask = subjects.length - 1;
        long h = s * 0x9E3779B97F4A7C15L;
        int i = (int) (h ^ (h >>> 32)) & mask;
        while (firstPair[i] != 0 && subjects[i] != s) {
            i = (i + 1) & mask;
        }
        return i;
    }

    /**
     * Reads the quads {@code (?, p, o in ranges, g)} through {@code scan}; null if there
     * are more than {@code budget} of them (reading stops there).
     */
    static RangeProbeCursor build(RangeScanCursor scan, long p, long g, long[] ranges, int budget, ExecContext cx) {
        long[] ss = new long[64];
        long[] os = new long[64];
        int quads = 0;
        scan.seekRanges(dev.quarry.store.encoding.TermId.NONE, p, g, ranges);
        while (scan.next()) {
            cx.step();
            if (quads == budget) {
                return null;
            }
            if (quads == ss.length) {
                ss = Arrays.copyOf(ss, quads * 2);
                os = Arrays.copyOf(os, quads * 2);
            }
            ss[quads] = scan.s();
            os[quads] = scan.o();
            quads++;
        }
        return new RangeProbeCursor(ss, os, quads, ranges, p, g);
    }

    /** True if this probe answers seeks with {@code ranges}. */
    boolean covers(long[] ranges) {
        return Arrays.equals(this.ranges, ranges);
    }

    int quads() {
        return quads;
    }

    @Override
    public void seek(long s, long p, long o, long g) {
        this.s = s;
        this.pending = firstPair[slotOf(s)] - 1;
        this.at = -1;
    }

    @Override
    public void seekObjects(long s, long p, long g, long oFrom, long oTo) {
        throw new UnsupportedOperationException("a probe answers the ranges it was built for");
    }

    @Override
    public boolean next() {
        at = pending;
        if (at >= 0) {
            pending = nextPair[at];
        }
        return at >= 0;
    }

    @Override
    public long s() {
        return s;
    }

    @Override
    public long p() {
        return p;
    }

    @Override
    public long o() {
        return objects[at];
    }

    @Override
    public long g() {
        return g;
    }

    @Override
    public void close() {
        // nothing native: the table goes with the cursor
    }
}
