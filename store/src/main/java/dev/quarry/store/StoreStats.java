package dev.quarry.store;

import java.util.Map;
import org.apache.jena.graph.Node;

/**
 * Statistics the store keeps current with every commit and load.
 *
 * @param quads          all quads, default graph included
 * @param terms          distinct terms in the dictionary (inlined literals are not counted)
 * @param quadsPerGraph  graph (Quad.defaultGraphIRI for the default graph) -> quads
 * @param quadsPerPredicate predicate -> quads
 * @param distinctPerPredicate predicate -> {distinct subjects, distinct objects}, for the
 *                       predicates whose distinct counts the store keeps (the planner's statistics)
 */
public record StoreStats(long quads, long terms, Map<Node, Long> quadsPerGraph, Map<Node, Long> quadsPerPredicate,
                         Map<Node, DistinctCounts> distinctPerPredicate) {
    /**
     * These statistics without the distinct counts: what every way of loading the same data
     * makes equal (a load into a non-empty store only bounds the distinct counts from above).
     */
    public StoreStats exactCounts() {
        return new StoreStats(quads, terms, quadsPerGraph, quadsPerPredicate, Map.of());
    }

    /** Distinct subjects and objects of one predicate's quads. */
    public record DistinctCounts(long subjects, long objects) {}
}
