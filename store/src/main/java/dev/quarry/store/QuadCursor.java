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

    boolean next();

    long s();

    long p();

    long o();

    long g();

    @Override
    void close();
}
