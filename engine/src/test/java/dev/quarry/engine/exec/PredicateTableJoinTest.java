package dev.quarry.engine.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Levels answered from the store's in-memory table of a predicate ({@link PredicateTableCursor}
 * over {@link dev.quarry.store.QuadReader#predicateTable}), by subject or by object, give ARQ's
 * answers: subjects with none, one or several objects, the same triple in named graphs, an object that is bound or
 * constant, a variable repeated in a pattern, range filters, OPTIONAL and a named graph.
 */
class PredicateTableJoinTest {
    private static final String EX = "http://example.org/";
    private static final String PREFIX = "PREFIX : <" + EX + ">\n";

    @TempDir
    static Path dir;
    private static EngineStore store;
    private static DatasetGraph oracle;

    @BeforeAll
    static void load() {
        Random rnd = new Random(7);
        List<Quad> quads = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            Node s = iri("s" + i);
            quads.add(Quad.create(Quad.defaultGraphIRI, s, iri("f"), iri("f" + rnd.nextInt(6))));
            quads.add(Quad.create(Quad.defaultGraphIRI, s, iri("f"), iri("f" + rnd.nextInt(6))));
            for (int k = rnd.nextInt(3); k > 0; k--) { // none, one or two values
                quads.add(Quad.create(Quad.defaultGraphIRI, s, iri("v"), integer(rnd.nextInt(50))));
            }
            if (i % 4 == 0) {
                quads.add(Quad.create(Quad.defaultGraphIRI, s, iri("link"), iri("s" + rnd.nextInt(200))));
                quads.add(Quad.create(Quad.defaultGraphIRI, s, iri("link"), s)); // to itself
            }
            quads.add(Quad.create(iri("g" + (i % 2)), s, iri("v"), integer(rnd.nextInt(50))));
        }
        oracle = DatasetGraphFactory.createTxnMem();
        Txn.executeWrite(oracle, () -> quads.forEach(oracle::add));
        store = EngineStore.of(dir.resolve("store"), quads);
    }

    @AfterAll
    static void close() {
        store.close();
    }

    private static Node iri(String local) {
        return NodeFactory.createURI(EX + local);
    }

    private static Node integer(long v) {
        return NodeFactory.createLiteralDT(Long.toString(v), XSDDatatype.XSDinteger);
    }

    @Test
    void joinsAnsweredFromTheTableAgreeWithArq() {
        String q = "SELECT ?s ?o { ?s :f :f1 . ?s :v ?o }";
        check(q);
        check(q);
        assertTrue(explain(q).contains("answered by the store's in-memory table"), explain(q));
        check("SELECT ?s ?t ?o { ?s :f ?f . ?t :f ?f . ?t :v ?o FILTER(?o > 10 && ?o < 30) }");
        check("SELECT ?s ?o ?p { ?s :f :f2 . ?s :v ?o . ?s :v ?p }");
        check("SELECT ?s { ?s :f :f3 . ?s :v 7 }");
        check("SELECT ?s ?x { ?s :f :f0 . ?s :v ?x . ?t :v ?x }");
        check("SELECT ?s { ?s :f :f4 . ?s :link ?s }");
        check("SELECT ?s ?o { ?s :f :f5 OPTIONAL { ?s :v ?o } }");
        check("SELECT ?s ?o { ?s :f :f1 . GRAPH :g1 { ?s :v ?o } }");
        check("SELECT ?s ?o ?g { ?s :f :f1 . GRAPH ?g { ?s :v ?o } }");
        check("SELECT DISTINCT ?s ?o { ?s :f :f1 . GRAPH ?g { ?s :v ?o } }");
    }

    @Test
    void lookupsByObjectAgreeWithArq() {
        // ?t bound by the first pattern, the :link level looks up who links to it.
        String q = "SELECT ?t ?s { ?t :f :f2 . ?s :link ?t }";
        check(q);
        check(q);
        assertTrue(explain(q).contains("in-memory table of the predicate by object"), explain(q));
        check("SELECT ?s ?t { ?t :v 7 . ?s :link ?t }");
        check("SELECT ?t ?s { ?t :f :f3 . ?s :link ?t . ?s :link ?s }");
        check("SELECT ?f ?s { VALUES ?f { :f0 :f5 :nothing } ?s :f ?f }");
        check("SELECT ?x ?s { ?x :v ?o . ?s :v ?o FILTER(?o < 20) }");
    }

    @Test
    void aStoreWithoutTablesSeeks(@TempDir Path other) {
        List<Quad> quads = List.of(Quad.create(Quad.defaultGraphIRI, iri("a"), iri("f"), iri("f1")),
                Quad.create(Quad.defaultGraphIRI, iri("a"), iri("v"), integer(1)));
        try (EngineStore seeking = EngineStore.seeking(other.resolve("store"), quads)) {
            String q = PREFIX + "SELECT ?s ?o { ?s :f :f1 . ?s :v ?o }";
            for (int i = 0; i < 20; i++) {
                assertEquals(1, seeking.rows(q).size());
            }
            assertFalse(seeking.explain(q).contains("in-memory table"), seeking.explain(q));
        }
    }

    private static void check(String body) {
        String text = PREFIX + body;
        List<String> actual = new ArrayList<>(store.rows(text));
        Collections.sort(actual);
        assertEquals(ArqRows.of(oracle, text), actual, body);
    }

    private static String explain(String body) {
        return store.explain(PREFIX + body);
    }
}
