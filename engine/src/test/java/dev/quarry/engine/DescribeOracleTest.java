package dev.quarry.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.engine.shape.Prepared;
import dev.quarry.store.QuadStore;
import dev.quarry.store.arq.QuarryDatasetGraph;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.ReadWrite;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.graph.GraphFactory;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DESCRIBE on ids gives ARQ's default description (the blank-node closure of each resource
 * in the default graph and in every named graph) on random data with resources in several
 * graphs, chains and cycles of blank nodes, and blank nodes shared between graphs' triples.
 */
class DescribeOracleTest {
    private static final String EX = "http://example.org/";

    @TempDir
    Path dir;

    @Test
    void describeAgreesWithArqsBlankNodeClosure() {
        for (int d = 0; d < 3; d++) {
            Random rnd = new Random(4100 + d);
            List<Quad> quads = randomQuads(rnd);
            DatasetGraph oracle = OracleData.oracle(quads);
            try (QuadStore store = OracleData.store(dir.resolve("s" + d), quads)) {
                QuarryDatasetGraph dsg = new QuarryDatasetGraph(store);
                SparqlEngine engine = new SparqlEngine(dsg);
                for (int i = 0; i < 60; i++) {
                    String text = switch (i % 3) {
                        case 0 -> "DESCRIBE <" + EX + "r" + rnd.nextInt(12) + ">";
                        case 1 -> "DESCRIBE ?x WHERE { <" + EX + "r" + rnd.nextInt(12) + "> <" + EX + "p" + rnd.nextInt(3) + "> ?x }";
                        default -> "DESCRIBE ?x <" + EX + "r" + rnd.nextInt(12) + "> WHERE { GRAPH ?g { ?x <" + EX + "p0> ?y } }";
                    };
                    Graph expected = Txn.calculateRead(oracle, () -> QueryExec.dataset(oracle).query(text).describe());
                    Graph actual = GraphFactory.createDefaultGraph();
                    Prepared p = engine.prepare(text, "http://localhost/sparql");
                    dsg.begin(ReadWrite.READ);
                    try (QueryRun run = engine.start(p, dsg, new SparqlEngine.Options(0, false))) {
                        Iterator<Triple> it = run.triples();
                        it.forEachRemaining(actual::add);
                    } finally {
                        dsg.end();
                    }
                    assertTrue(expected.isIsomorphicWith(actual), () -> text + "\nARQ: " + expected + "\nQuarry: " + actual);
                }
            }
        }
    }

    /** 12 resources, 3 predicates, the default graph and 3 named graphs; blank nodes in chains and cycles. */
    private static List<Quad> randomQuads(Random rnd) {
        List<Node> blanks = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            blanks.add(NodeFactory.createBlankNode("b" + i));
        }
        Node[] graphs = {Quad.defaultGraphIRI, NodeFactory.createURI(EX + "g1"), NodeFactory.createURI(EX + "g2"),
                NodeFactory.createURI(EX + "g3")};
        List<Quad> quads = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            Node g = graphs[rnd.nextInt(graphs.length)];
            Node s = rnd.nextInt(4) == 0 ? blanks.get(rnd.nextInt(blanks.size())) : NodeFactory.createURI(EX + "r" + rnd.nextInt(12));
            Node p = NodeFactory.createURI(EX + "p" + rnd.nextInt(3));
            Node o = switch (rnd.nextInt(4)) {
                case 0 -> blanks.get(rnd.nextInt(blanks.size()));
                case 1 -> NodeFactory.createLiteralString("v" + rnd.nextInt(5));
                default -> NodeFactory.createURI(EX + "r" + rnd.nextInt(12));
            };
            quads.add(Quad.create(g, s, p, o));
        }
        return quads;
    }
}
