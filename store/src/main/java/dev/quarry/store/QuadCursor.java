package dev.quarry.store;

/**
 * A forward cursor over matching quads, as ids in {@code (s, p, o, g)} order.
 * {@code while (c.next()) { long s = c.s(); ... }}; close when done.
 */
public interface QuadCursor extends AutoCloseable {
    boolean next();

    long s();

    long p();

    long o();

    long g();

    @Override
    void close();
}
