package dev.quarry.e2e.conformance;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.jena.atlas.lib.tuple.Tuple;
import org.apache.jena.atlas.lib.tuple.TupleFactory;
import org.apache.jena.graph.Node;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.util.IsoMatcher;

/**
 * Datasets compared by isomorphism over all quads at once, so a blank node shared by
 * two graphs must map to one blank node. Graphs are compared by their quads: a named
 * graph with no quads does not exist (a quad store keeps no empty graphs).
 */
final class DatasetComparison {
    private DatasetComparison() {}

    /** An in-memory copy of every quad of {@code dsg} (call inside a read transaction on a store). */
    static DatasetGraph copy(DatasetGraph dsg) {
        DatasetGraph out = DatasetGraphFactory.create();
        dsg.find().forEachRemaining(out::add);
        return out;
    }

    static void assertIsomorphic(DatasetGraph expected, DatasetGraph actual) {
        if (!IsoMatcher.isomorphicTuples(tuples(expected), tuples(actual))) {
            throw new AssertionError("datasets differ\n--- expected\n" + nquads(expected) + "--- actual\n" + nquads(actual));
        }
    }

    private static List<Tuple<Node>> tuples(DatasetGraph dsg) {
        List<Tuple<Node>> out = new ArrayList<>();
        dsg.find().forEachRemaining(q -> {
            Node g = q.isDefaultGraph() ? Quad.defaultGraphIRI : q.getGraph();
            out.add(TupleFactory.create4(g, q.getSubject(), q.getPredicate(), q.getObject()));
        });
        return out;
    }

    private static String nquads(DatasetGraph dsg) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RDFDataMgr.write(out, dsg, Lang.NQUADS);
        String s = out.toString(StandardCharsets.UTF_8);
        return s.length() > 4000 ? s.substring(0, 4000) + "...\n" : s;
    }
}
