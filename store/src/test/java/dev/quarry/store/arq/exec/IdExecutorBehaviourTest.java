package dev.quarry.store.arq.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.store.QuadCursor;
import dev.quarry.store.QuadStore;
import dev.quarry.store.ReadView;
import dev.quarry.store.encoding.TermId;
import dev.quarry.store.arq.QuarryDatasetGraph;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.QueryCancelledException;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IdExecutorBehaviourTest {
    static final String PREFIX = "PREFIX : <http://example.org/>\n";

    @TempDir
    Path dir;

    static Node iri(String local) {
        return NodeFactory.createURI("http://example.org/" + local);
    }

    @Test
    void inlineAndDictionaryLiteralsHaveOneIdEachAndJoin() {
        Node one = NodeFactory.createLiteralDT("1", XSDDatatype.XSDinteger);
        Node oneAgain = NodeFactory.createLiteralDT("1", XSDDatatype.XSDinteger);
        Node zeroOne = NodeFactory.createLiteralDT("01", XSDDatatype.XSDinteger);
        Node shortString = NodeFactory.createLiteralString("ab");
        Node longString = NodeFactory.createLiteralString("a string too long to inline");
        try (QuadStore store = QuadStore.open(dir.resolve("db"))) {
            QuarryDatasetGraph dsg = new QuarryDatasetGraph(store);
            Txn.executeWrite(dsg, () -> {
                for (Node o : List.of(one, zeroOne, shortString, longString, NodeFactory.createLiteralDT("true", XSDDatatype.XSDboolean))) {
                    dsg.add(Quad.defaultGraphIRI, iri("a"), iri("p"), o);
                    dsg.add(iri("g"), iri("b"), iri("q"), o);
                }
            });
            try (ReadView view = store.newReadView()) {
                assertTrue(TermId.isInline(view.lookup(one)));
                assertEquals(view.lookup(one), view.lookup(oneAgain));
                assertTrue(TermId.isDictionary(view.lookup(zeroOne)));
                assertNotEquals(view.lookup(one), view.lookup(zeroOne));
                assertTrue(TermId.isInline(view.lookup(shortString)));
                assertTrue(TermId.isDictionary(view.lookup(longString)));
                // The id found in the index is the id a lookup gives: one id per term.
                for (Node o : List.of(one, zeroOne, shortString, longString)) {
                    try (QuadCursor c = view.find(TermId.NONE, view.lookup(iri("p")), view.lookup(o), TermId.NONE)) {
                        assertTrue(c.next(), o::toString);
                        assertEquals(view.lookup(o), c.o());
                    }
                }
            }
            String join = PREFIX + "SELECT ?o { ?s :p ?o . GRAPH ?g { ?t :q ?o } }";
            long rows = Txn.calculateRead(dsg, () -> QueryExec.dataset(dsg).query(join).select().rewindable().size());
            assertEquals(5, rows); // each of the five objects joins with itself only ("01" is not "1")
            String byValue = PREFIX + "SELECT ?o { ?s :p ?o FILTER(?o = 1) }";
            long matches = Txn.calculateRead(dsg, () -> QueryExec.dataset(dsg).query(byValue).select().rewindable().size());
            assertEquals(2, matches); // value equality still sees "01" = 1 (the filter decodes)
        }
    }

    @Test
    void longScansAreCancelledByTheQueryTimeout() {
        try (QuadStore store = QuadStore.open(dir.resolve("db"))) {
            QuarryDatasetGraph dsg = new QuarryDatasetGraph(store);
            Txn.executeWrite(dsg, () -> {
                for (int i = 0; i < 3000; i++) {
                    dsg.add(Quad.defaultGraphIRI, iri("s" + i), iri("p" + (i % 7)), NodeFactory.createLiteralDT(Integer.toString(i), XSDDatatype.XSDinteger));
                }
            });
            // 2.7e10 combinations; the innermost pattern never matches, so no row reaches ARQ:
            // only the check inside the scan loop can stop it.
            String noOutput = "SELECT * { ?a ?b ?c . ?d ?e ?f . ?x ?y ?x }";
            String crossCount = "SELECT (COUNT(*) AS ?n) { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }";
            for (String q : List.of(noOutput, crossCount)) {
                // A generous bound: this detects a query that ignores cancellation, it is not a speed test.
                assertTimeoutPreemptively(Duration.ofSeconds(60), () -> assertThrows(QueryCancelledException.class,
                        () -> Txn.executeRead(dsg, () -> QueryExec.dataset(dsg).query(q)
                                .timeout(200, TimeUnit.MILLISECONDS).select().materialize())), q);
            }
        }
    }
}
