package dev.quarry.e2e.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.store.QuadStore;
import dev.quarry.store.ReadView;
import dev.quarry.store.WriteTransaction;
import dev.quarry.store.encoding.TermId;
import dev.quarry.store.arq.QuarryDatasetGraph;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.TextDirection;
import org.apache.jena.riot.out.NodeFmtLib;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every kind of term goes into the store and comes back exactly as written (compared
 * as N-Triples text, stricter than Node equality), through the id-level API, through
 * SPARQL, and again after a reopen with cold caches. Terms that Jena holds distinct
 * stay distinct in the store, and terms Jena holds equal are one term.
 */
class TermRoundTripTest {
    private static final String EX = "http://example.org/";
    private static final Node S = NodeFactory.createURI(EX + "s");
    private static final Node P = NodeFactory.createURI(EX + "p");
    private static final Node G = NodeFactory.createURI(EX + "g");

    @TempDir
    Path dir;

    private static Node lit(String lex, String datatype) {
        return NodeFactory.createLiteralDT(lex, NodeFactory.getType(datatype));
    }

    private static Node integer(String lex) {
        return NodeFactory.createLiteralDT(lex, XSDDatatype.XSDinteger);
    }

    static List<Node> objects() {
        String xsd = XSDDatatype.XSD + "#";
        Node iri = NodeFactory.createURI(EX + "o");
        Node bnode = NodeFactory.createBlankNode("b-object");
        return List.of(
                iri, bnode,
                NodeFactory.createURI("urn:x-local:no-slash"),
                NodeFactory.createURI("tag:example.org,2024:\u00fcnicode/\uD834\uDD1E"),
                // non-canonical lexical forms stay as written; canonical small ones are inlined
                integer("1"), integer("01"), integer("+1"), integer("-0"), integer("0"), integer("007"),
                lit("1.0", xsd + "decimal"), lit("1", xsd + "decimal"), lit("1.50", xsd + "decimal"),
                // inline integer edges: +/- 2^55
                integer("36028797018963967"), integer("36028797018963968"), integer("-36028797018963968"),
                integer("-36028797018963969"), integer("9223372036854775808"), integer("-99999999999999999999"),
                lit("true", xsd + "boolean"), lit("false", xsd + "boolean"), lit("1", xsd + "boolean"), lit("TRUE", xsd + "boolean"),
                NodeFactory.createLiteralString(""), NodeFactory.createLiteralString("a"), NodeFactory.createLiteralString("sixsix"),
                NodeFactory.createLiteralString("seven77"), NodeFactory.createLiteralString("long ".repeat(2000)),
                NodeFactory.createLiteralString("nul\u0000inside"), NodeFactory.createLiteralString("\u0000"),
                NodeFactory.createLiteralString("\uD83D\uDE00"), NodeFactory.createLiteralString("astral \uD801\uDC37 and BMP \u4E2D"),
                NodeFactory.createLiteralString("tab\tline\nquote\"back\\"),
                NodeFactory.createLiteralLang("chat", "fr"), NodeFactory.createLiteralLang("chat", "fr-CA"),
                NodeFactory.createLiteralLang("", "en"), NodeFactory.createLiteralLang("x", "en-US"),
                NodeFactory.createLiteralLang("x", "en-us"),
                NodeFactory.createLiteralDirLang("\u05e9\u05dc\u05d5\u05dd", "he", TextDirection.RTL),
                NodeFactory.createLiteralDirLang("\u05e9\u05dc\u05d5\u05dd", "he", TextDirection.LTR),
                lit("x", "http://example.org/datatype"), lit("x", "http://example.org/dt#"), lit("x", "urn:odd"),
                lit("2024-02-29", xsd + "date"), lit("abc", xsd + "integer"), lit("<b>x</b>", "http://www.w3.org/1999/02/22-rdf-syntax-ns#HTML"),
                NodeFactory.createTripleTerm(S, P, integer("1")),
                NodeFactory.createTripleTerm(bnode, P, NodeFactory.createLiteralLang("x", "en")),
                NodeFactory.createTripleTerm(S, P, NodeFactory.createTripleTerm(iri, P, integer("01"))));
    }

    private static String text(Node n) {
        return NodeFmtLib.strNT(n);
    }

    @Test
    void everyKindOfTermRoundTripsExactly() {
        List<Node> objects = objects();
        DatasetGraph oracle = DatasetGraphFactory.create();
        Path storeDir = dir.resolve("store");
        try (QuadStore store = QuadStore.open(storeDir)) {
            try (WriteTransaction w = store.beginWrite()) {
                for (Node o : objects) {
                    w.add(null, S, P, o);
                    w.add(G, S, P, o);
                    oracle.add(Quad.defaultGraphIRI, S, P, o);
                    oracle.add(G, S, P, o);
                    if (o.isURI() || o.isBlank() || o.isTripleTerm()) {
                        w.add(null, o, P, S);
                        oracle.add(Quad.defaultGraphIRI, o, P, S);
                    }
                    if (o.isURI() || o.isBlank()) {
                        w.add(o, S, P, S);
                        oracle.add(o, S, P, S);
                    }
                }
                w.commit();
            }
            assertEquals(oracle.stream().count(), store.stats().quads(), "store and Jena disagree on which terms are equal");
            checkReadBack(store, objects);
        }
        try (QuadStore store = QuadStore.open(storeDir)) {
            checkReadBack(store, objects); // cold caches: every term decoded from its bytes
        }
    }

    private static void checkReadBack(QuadStore store, List<Node> objects) {
        Set<String> expected = new TreeSet<>();
        objects.forEach(o -> expected.add(text(o)));
        QuarryDatasetGraph dsg = new QuarryDatasetGraph(store);
        Txn.executeRead(dsg, () -> {
            for (Node graph : List.of(Quad.defaultGraphIRI, G)) {
                Set<String> back = new TreeSet<>();
                dsg.find(graph, S, P, Node.ANY).forEachRemaining(q -> back.add(text(q.getObject())));
                assertEquals(expected, back, "objects read back from " + graph);
            }
            for (Node o : objects) {
                long n = QueryExec.dataset(dsg).query("SELECT * { GRAPH ?g { ?s ?p ?o } }").substitution("o", o)
                        .select().stream().count();
                assertEquals(1, n, () -> "SPARQL finds " + text(o) + " in named graphs");
            }
        });
        try (ReadView view = store.newReadView()) {
            for (Node o : objects) {
                long id = view.lookup(o);
                assertNotEquals(TermId.NONE, id, () -> "lookup " + text(o));
                assertEquals(text(o), text(view.decode(id)));
            }
        }
    }

    /**
     * Bug: "a\uD800b" (a Java string, not Unicode text; SPARQL rejects it, the Java API
     * does not) was stored as "a?b". Now the write fails with a clear message and a lookup finds nothing.
     */
    @Test
    void unpairedSurrogateIsRejectedNotCorrupted() {
        Node bad = NodeFactory.createLiteralString("a\uD800b");
        try (QuadStore store = QuadStore.open(dir.resolve("store"))) {
            try (WriteTransaction w = store.beginWrite()) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.add(null, S, P, bad));
                assertTrue(e.getMessage().contains("unpaired UTF-16 surrogate"), e.getMessage());
                w.add(null, S, P, NodeFactory.createLiteralString("a?b"));
                w.commit();
            }
            try (ReadView view = store.newReadView()) {
                assertEquals(TermId.NONE, view.lookup(bad));
            }
            assertEquals(1, store.stats().quads());
        }
    }

    @Test
    void termsNotInTheStoreAreNotFound() {
        try (QuadStore store = QuadStore.open(dir.resolve("store"))) {
            List<Node> absent = new ArrayList<>(List.of(
                    NodeFactory.createURI("http://absent.example/x"), NodeFactory.createBlankNode("absent"),
                    NodeFactory.createLiteralLang("absent", "en"), NodeFactory.createTripleTerm(S, P, S)));
            try (ReadView view = store.newReadView()) {
                for (Node n : absent) {
                    assertEquals(TermId.NONE, view.lookup(n), () -> text(n));
                }
            }
        }
    }
}
