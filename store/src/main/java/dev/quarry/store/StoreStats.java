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
 */
public record StoreStats(long quads, long terms, Map<Node, Long> quadsPerGraph, Map<Node, Long> quadsPerPredicate) {}
