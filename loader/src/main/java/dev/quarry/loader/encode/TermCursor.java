package dev.quarry.loader.encode;

/** Walks (term bytes, id) entries in some order; {@link #term()} may be reused by the next call. */
interface TermCursor extends AutoCloseable {
    boolean next();

    byte[] term();

    long id();

    @Override
    void close();
}
