package dev.quarry.store;

import dev.quarry.store.encoding.TermId;
import org.apache.jena.graph.Node;

/**
 * Reads quads at the id level; implemented by a {@link ReadView} (a snapshot) and a
 * {@link WriteTransaction} (its own writes over the latest state).
 */
public interface QuadReader {
    /**
     * Quads matching the pattern; {@link TermId#NONE} is a wildcard, and {@code g} may be
     * {@link TermId#ANY_NAMED_GRAPH} for any graph but the default one.
     */
    QuadCursor find(long s, long p, long o, long g);

    /** A cursor on no pattern yet, to {@link QuadCursor#seek} many times (the inner side of a join). */
    default QuadCursor openCursor() {
        return openCursor(0);
    }

    /**
     * As {@link #openCursor()}, for seeks that keep the same positions bound and change
     * the values at the {@code varying} positions (bit mask: {@code 1 << Permutation.S}
     * etc.): the cursor prefers an index that keys those positions last, so that targets
     * sought in increasing order are near each other.
     */
    QuadCursor openCursor(int varying);

    /** The ids of the named graphs that have at least one quad, in id order. */
    java.util.List<Long> namedGraphs();

    /** The id of {@code node}, or {@link TermId#NONE} if the store has no such term. */
    long lookup(Node node);

    /** The term with id {@code id}. */
    Node decode(long id);

    /**
     * An estimate of how many quads match the pattern (same conventions as {@link #find}):
     * exact when fewer than {@code cap}, else at least {@code cap} and bounded by the
     * store's statistics. With only {@code p} and/or {@code g} bound it is the statistics'
     * bound when that is at least {@code cap} (not counted, so maybe above the true count,
     * e.g. when the predicate's quads are in other graphs). For join ordering; not a count
     * to report.
     */
    long estimate(long s, long p, long o, long g, int cap);

    /**
     * About how many quads {@code (?, p, o, g)} have an object in {@code [oFrom, oTo]} (ids
     * compared unsigned, as {@link QuadCursor#seekObjects}), without reading them: from the
     * store's size estimates, to a resolution of some hundreds of quads; -1 if unknown.
     */
    long estimateObjectRange(long p, long g, long oFrom, long oTo);

    /** The planner's statistics of predicate {@code p} ({@link PredicateStats#NONE} if it has no quads). */
    PredicateStats predicateStats(long p);

    /**
     * The quads {@code (?s, p, ?o, g)} held in memory by subject or by object, for a join that
     * looks up one subject's objects (one object's subjects) after another, {@code seeks} more
     * of which were made or are about to be made since the last ask: null if there is no such
     * table (yet), as for a write transaction. Only {@code p} and {@code g} constant, not the
     * union graph. The table answers exactly what a seek on this reader would.
     */
    default PredicateTable predicateTable(PredicateTable.Key keyedBy, long p, long g, int seeks) {
        return null;
    }

    default boolean contains(long s, long p, long o, long g) {
        try (QuadCursor c = find(s, p, o, g)) {
            return c.next();
        }
    }
}
