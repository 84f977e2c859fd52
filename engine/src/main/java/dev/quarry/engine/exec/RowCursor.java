package dev.quarry.engine.exec;

/**
 * The rows of one plan node for one input row at a time. A cursor is made once per
 * node per query and restarted for every row that enters it ({@link #start}), so a
 * node under a nested-loop join keeps its index iterators and buffers across the
 * outer rows instead of opening new ones per row.
 *
 * <p>Rows are {@code long[]} of term ids by variable slot ({@link dev.quarry.store.encoding.TermId#NONE}
 * where unbound); a cursor's output rows extend its input row. The array returned by
 * {@link #row()} belongs to the cursor and is overwritten by the next call to
 * {@link #next()}: copy it to keep it.
 *
 * <p>Only the query's own thread calls these methods, {@link #close()} included: native
 * resources (RocksDB iterators) are never released by another thread. Cancellation from
 * elsewhere only sets a flag that the cursors check ({@link ExecContext#checkCancelled()}).
 */
public interface RowCursor {
    /** Restarts the cursor on a new input row (read, not kept: the cursor copies what it needs). */
    void start(long[] input);

    /** Moves to the next output row for the current input; false when there is none. */
    boolean next();

    /** The current output row (valid until the next call to {@link #next()} or {@link #start}). */
    long[] row();

    /** Releases what the cursor holds; the query's own thread calls it, once. */
    void close();
}
