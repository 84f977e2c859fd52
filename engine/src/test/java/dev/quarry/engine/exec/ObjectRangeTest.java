package dev.quarry.engine.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * Range filters on objects read as key ranges ({@link ObjectRange}, {@link RangeScanCursor})
 * and answered by a hash probe after some seeks ({@link PredicateTableCursor}) give ARQ's
 * answers, over objects of every kind a numeric comparison may or may not accept: inline
 * integers on both sides of zero and at the inline limits, integers too large to inline,
 * non-canonical integers, xsd:int, decimals, doubles, dates, strings and IRIs.
 */
class ObjectRangeTest {
    private static final String EX = "http://example.org/";
    private static final String PREFIX = "PREFIX : <" + EX + ">\n";

    @TempDir
    static Path dir;
    private static EngineStore store;
    private static DatasetGraph oracle;

    @BeforeAll
    static void load() {
        Random rnd = new Random(42);
        List<Quad> quads = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            Node s = NodeFactory.createURI(EX + "s" + i);
            quads.add(Quad.create(Quad.defaultGraphIRI, s, iri("v"), value(rnd)));
            quads.add(Quad.create(Quad.defaultGraphIRI, s, iri("w"), integer(rnd.nextInt(41) - 20)));
            quads.add(Quad.create(Quad.defaultGraphIRI, s, iri("f"), iri("f" + rnd.nextInt(5))));
            quads.add(Quad.create(iri("g" + (i % 3)), s, iri("v"), value(rnd)));
        }
        oracle = DatasetGraphFactory.createTxnMem();
        Txn.executeWrite(oracle, () -> quads.forEach(oracle::add));
        store = EngineStore.seeking(dir.resolve("store"), quads);
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

    /** Mostly small integers around zero, and now and then a term of another kind. */
    private static Node value(Random rnd) {
        return switch (rnd.nextInt(14)) {
            case 0 -> NodeFactory.createLiteralDT("0" + rnd.nextInt(20), XSDDatatype.XSDinteger);   // not canonical
            case 1 -> NodeFactory.createLiteralDT(Integer.toString(rnd.nextInt(41) - 20), XSDDatatype.XSDint);
            case 2 -> NodeFactory.createLiteralDT((rnd.nextInt(400) - 200) / 10.0 + "", XSDDatatype.XSDdecimal);
            case 3 -> NodeFactory.createLiteralDT(rnd.nextInt(41) - 20 + ".5E0", XSDDatatype.XSDdouble);
            case 4 -> integer(rnd.nextBoolean() ? (1L << 55) - 1 : -(1L << 55));                      // inline limits
            case 5 -> NodeFactory.createLiteralDT(rnd.nextBoolean() ? "36028797018963968" : "-36028797018963969",
                    XSDDatatype.XSDinteger);                                                          // beyond them
            case 6 -> NodeFactory.createLiteralDT("2008-06-2" + rnd.nextInt(9), XSDDatatype.XSDdate);
            case 7 -> NodeFactory.createLiteralString("x" + rnd.nextInt(9));
            case 8 -> iri("o" + rnd.nextInt(9));
            default -> integer(rnd.nextInt(41) - 20);
        };
    }

    @Test
    void constantRangesAgreeWithArq() {
        String[] ops = {"<", "<=", ">", ">=", "="};
        String[] bounds = {"-21", "-5", "0", "3", "20", "36028797018963967", "36028797018963968", "-36028797018963968",
                "-36028797018963969", "2.5", "\"x3\""};
        for (String op : ops) {
            for (String k : bounds) {
                check("SELECT ?s ?o { ?s :v ?o FILTER(?o " + op + " " + k + ") }");
                check("SELECT ?s ?o { ?s :v ?o FILTER(" + k + " " + op + " ?o) }");
                check("SELECT ?s ?o ?g { GRAPH ?g { ?s :v ?o FILTER(?o " + op + " " + k + ") } }");
                check("SELECT ?s ?o { GRAPH :g1 { ?s :v ?o FILTER(?o " + op + " " + k + ") } }");
            }
        }
        check("SELECT ?s ?o { ?s :v ?o FILTER(?o > -5 && ?o <= 7) }");
        check("SELECT ?s ?o { ?s :v ?o FILTER(?o > 7 && ?o < -5) }");
    }

    @Test
    void rangesFromEarlierVariablesAgreeWithArqAndUseTheProbe() {
        // ?s bound by the first pattern: the :v level seeks per row, then a hash probe answers.
        String q = "SELECT ?s ?o { ?s :w ?a . ?s :v ?o FILTER(?o < (?a + 3) && ?o > (?a - 4)) }";
        check(q);
        assertTrue(explain(q).contains("a hash of the"), explain(q));
        check("SELECT ?s ?o { ?s :w ?a . ?s :v ?o FILTER(?o >= ?a) }");
        check("SELECT ?s ?o { ?s :w ?a . ?s :v ?o FILTER(?o = ?a) }");
        check("SELECT ?s ?o ?g { ?s :w ?a . GRAPH ?g { ?s :v ?o } FILTER(?o <= ?a) }");
        // The shape of BSBM's Q5 on other data: one item's feature and value, items sharing a feature and near in value.
        for (int i = 0; i < 300; i += 37) {
            check("SELECT DISTINCT ?y ?o { :s" + i + " :v ?x . :s" + i + " :f ?f . ?y :f ?f . ?y :v ?o "
                    + "FILTER(:s" + i + " != ?y) FILTER(?o < (?x + 6) && ?o > (?x - 6)) }");
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
