package dev.quarry.store;

/**
 * A forward cursor over matching quads, as ids in {@code (s, p, o, g)} order.
 * {@code while (c.next()) { long s = c.s(); ... }}; close when done. {@link #seek}
 * moves it to another pattern, reusing the underlying index iterator (cheaper than a
 * new cursor for each outer row of a join).
 */
public interface QuadCursor extends AutoCloseable {
    /** Restarts the cursor on another pattern (same conventions as {@link QuadReader#find}). */
    void seek(long s, long p, long o, long g);

    /**
     * As {@code seek(s, p, NONE, g)}, but only quads whose object id lies in
     * {@code [oFrom, oTo]} (ids compared unsigned, as the index orders them): where an
     * index has the object right after the other bound positions, only that key range is
     * read (a range filter on an object becomes a range scan); else the other quads are
     * skipped here.
     */
    void seekObjects(long s, long p, long g, long oFrom, long oTo);

    boolean next();

    long s();

    long p();

    long o();

    long g();

    @Override
    void close();
}
