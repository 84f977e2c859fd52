package dev.quarry.engine.exec;

import dev.quarry.store.QuadCursor;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * A pattern {@code ?s <p> ?o} (graph fixed) with a range filter on {@code ?o} and
 * {@code ?s} bound by the rows before it, answered from a hash of subject to objects
 * built by ONE range scan, instead of one index seek per incoming row: a semi-join that
 * wins when many rows come in and the range is small (a seek costs as much as reading
 * some tens of keys in order). {@link BgpCursor} builds it after a level has done some
 * seeks with the same ranges, within a budget of quads; over budget it is not used.
 */
final class RangeProbeCursor implements QuadCursor {
    private final Map<Long, long[]> objectsBySubject;
    private final long[] ranges;
    private final long p, g;
    private final int quads;
    private long s;
    private long[] objects;
    private int at;

    private RangeProbeCursor(Map<Long, long[]> objectsBySubject, long[] ranges, long p, long g, int quads) {
        this.objectsBySubject = objectsBySubject;
        this.ranges = ranges;
        this.p = p;
        this.g = g;
        this.quads = quads;
    }

    /**
     * Reads the quads {@code (?, p, o in ranges, g)} through {@code scan}; null if there
     * are more than {@code budget} of them (reading stops there).
     */
    static RangeProbeCursor build(RangeScanCursor scan, long p, long g, long[] ranges, int budget, ExecContext cx) {
        Map<Long, long[]> bySubject = new HashMap<>();
        int quads = 0;
        scan.seekRanges(dev.quarry.store.encoding.TermId.NONE, p, g, ranges);
        while (scan.next()) {
            cx.step();
            if (++quads > budget) {
                return null;
            }
            long[] os = bySubject.get(scan.s());
            if (os == null) {
                bySubject.put(scan.s(), new long[] {scan.o()});
            } else {
                os = Arrays.copyOf(os, os.length + 1);
                os[os.length - 1] = scan.o();
                bySubject.put(scan.s(), os);
            }
        }
        return new RangeProbeCursor(bySubject, ranges, p, g, quads);
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
        this.objects = objectsBySubject.get(s);
        this.at = -1;
    }

    @Override
    public void seekObjects(long s, long p, long g, long oFrom, long oTo) {
        throw new UnsupportedOperationException("a probe answers the ranges it was built for");
    }

    @Override
    public boolean next() {
        return objects != null && ++at < objects.length;
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
        // nothing native: the map goes with the cursor
    }
}
