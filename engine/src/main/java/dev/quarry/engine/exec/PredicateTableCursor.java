package dev.quarry.engine.exec;

import dev.quarry.store.QuadCursor;
import dev.quarry.store.PredicateTable;
import dev.quarry.store.encoding.TermId;
import java.util.Arrays;

/**
 * A pattern {@code ?s <p> ?o} (graph fixed) with {@code ?s} (or {@code ?o}) bound by the rows
 * before it, answered from a {@link PredicateTable} keyed by subject (by object) instead of
 * one index seek per incoming row. Two kinds:
 * <ul>
 *   <li>a hash probe, built for one query by ONE range scan of the objects a range filter on
 *       {@code ?o} lets through: a semi-join that wins when many rows come in and the range
 *       is small (a seek costs as much as reading some tens of keys in order).
 *       {@link BgpCursor} builds it after a level has done some seeks with the same ranges,
 *       within a budget of quads; over budget it is not used;</li>
 *   <li>the store's table of the whole predicate, shared by the queries of a store version
 *       ({@link dev.quarry.store.QuadReader#predicateTable}).</li>
 * </ul>
 */
final class PredicateTableCursor implements QuadCursor {
    private final PredicateTable table;
    /** The object ranges the table was read for; null if it holds the whole predicate. */
    private final long[] ranges;
    private final boolean bySubject;
    /** The key of the last seek, and the value the pair must have (NONE: any). */
    private long key;
    private long wanted = TermId.NONE;
    /** The pair the cursor is on, and the one {@link #next} moves to; -1 for none. */
    private int at = -1;
    private int pending = -1;

    PredicateTableCursor(PredicateTable table, long[] ranges) {
        this.table = table;
        this.ranges = ranges == null ? null : ranges.clone();
        this.bySubject = table.keyedBy() == PredicateTable.Key.SUBJECT;
    }

    /**
     * Reads the quads {@code (?, p, o in ranges, g)} through {@code scan}; null if there
     * are more than {@code budget} of them (reading stops there).
     */
    static PredicateTableCursor probe(RangeScanCursor scan, long p, long g, long[] ranges, int budget, ExecContext cx) {
        scan.seekRanges(TermId.NONE, p, g, ranges);
        PredicateTable table = PredicateTable.read(scan, PredicateTable.Key.SUBJECT, p, g, budget, cx::step);
        return table == null ? null : new PredicateTableCursor(table, ranges);
    }

    /** True if this probe answers seeks with {@code ranges}. */
    boolean covers(long[] ranges) {
        return Arrays.equals(this.ranges, ranges);
    }

    int quads() {
        return table.quads();
    }

    /** "subject" or "object": what the table is looked up by. */
    String keyedBy() {
        return table.keyedBy().name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public void seek(long s, long p, long o, long g) {
        this.key = bySubject ? s : o;
        this.wanted = bySubject ? o : s;
        this.pending = table.first(key);
        this.at = -1;
    }

    @Override
    public void seekObjects(long s, long p, long g, long oFrom, long oTo) {
        throw new UnsupportedOperationException("a table is probed by its key");
    }

    @Override
    public boolean next() {
        while (pending >= 0) {
            at = pending;
            pending = table.next(at);
            if (wanted == TermId.NONE || table.value(at) == wanted) {
                return true;
            }
        }
        at = -1;
        return false;
    }

    @Override
    public long s() {
        return bySubject ? key : table.value(at);
    }

    @Override
    public long p() {
        return table.predicate();
    }

    @Override
    public long o() {
        return bySubject ? table.value(at) : key;
    }

    @Override
    public long g() {
        return table.graph();
    }

    @Override
    public void close() {
        // nothing native: the table goes with the cursor, or stays with the store
    }
}
