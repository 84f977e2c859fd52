package dev.quarry.store;

/**
 * What the store keeps about one predicate for the query planner, over all graphs.
 *
 * @param quads    quads with this predicate
 * @param subjects distinct subjects of those quads, 0 if the store does not know
 * @param objects  distinct objects of those quads, 0 if the store does not know
 */
public record PredicateStats(long quads, long subjects, long objects) {
    public static final PredicateStats NONE = new PredicateStats(0, 0, 0);

    /** Whether the distinct counts are known (loaded or analyzed by this version of Quarry). */
    public boolean hasDistinctCounts() {
        return subjects > 0 && objects > 0;
    }

    /** Average quads per subject (at least 1), or -1 if unknown. */
    public double perSubject() {
        return subjects > 0 ? Math.max(1.0, (double) quads / subjects) : -1;
    }

    /** Average quads per object (at least 1), or -1 if unknown. */
    public double perObject() {
        return objects > 0 ? Math.max(1.0, (double) quads / objects) : -1;
    }
}
