package dev.quarry.engine.exec;

import dev.quarry.store.QuadCursor;

/**
 * A store cursor read over several object ranges one after the other ({@link ObjectRange}):
 * each range is one {@link QuadCursor#seekObjects} of the same cursor. Plain seeks pass
 * through.
 */
final class RangeScanCursor implements QuadCursor {
    private final QuadCursor store;
    private long s, p, g;
    private long[] ranges;
    private int next;

    RangeScanCursor(QuadCursor store) {
        this.store = store;
    }

    /** Reads the quads matching {@code (s, p, ?, g)} whose objects lie in one of {@code ranges}. */
    void seekRanges(long s, long p, long g, long[] ranges) {
        this.s = s;
        this.p = p;
        this.g = g;
        this.ranges = ranges;
        store.seekObjects(s, p, g, ranges[0], ranges[1]);
        next = 2;
    }

    @Override
    public void seek(long s, long p, long o, long g) {
        ranges = null;
        store.seek(s, p, o, g);
    }

    @Override
    public void seekObjects(long s, long p, long g, long oFrom, long oTo) {
        seekRanges(s, p, g, new long[] {oFrom, oTo});
    }

    @Override
    public boolean next() {
        while (!store.next()) {
            if (ranges == null || next >= ranges.length) {
                return false;
            }
            store.seekObjects(s, p, g, ranges[next], ranges[next + 1]);
            next += 2;
        }
        return true;
    }

    @Override
    public long s() {
        return store.s();
    }

    @Override
    public long p() {
        return store.p();
    }

    @Override
    public long o() {
        return store.o();
    }

    @Override
    public long g() {
        return store.g();
    }

    @Override
    public void close() {
        store.close();
    }
}
