package dev.quarry.bench.drop;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;

/**
 * The quads both systems are filled with, computed from their index so neither side needs
 * them in memory: quad {@code i} is {@code (s<i/10>, p<i%10>, "value i ...", g<i%4>)}. So
 * {@code n} quads use {@code ceil(n/10)} subjects, 10 predicates, 4 graphs and {@code n}
 * distinct string literals (long enough that neither store inlines them).
 */
final class DropQuads {
    static final int PREDICATES = 10;
    static final int GRAPHS = 4;
    private static final String NS = "http://bench.quarry.dev/drop/";

    private DropQuads() {}

    static int subjects(int n) {
        return (n + PREDICATES - 1) / PREDICATES;
    }

    static Node subject(int k) {
        return NodeFactory.createURI(NS + "s" + k);
    }

    static Node predicate(int j) {
        return NodeFactory.createURI(NS + "p" + j);
    }

    static Node graph(int j) {
        return NodeFactory.createURI(NS + "g" + j);
    }

    static Node object(int i) {
        return NodeFactory.createLiteralString("value " + i + " of the drop benchmark");
    }

    static Quad quad(int i) {
        return Quad.create(graph(i % GRAPHS), subject(i / PREDICATES), predicate(i % PREDICATES), object(i));
    }
}
