package dev.quarry.store.arq.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.store.QuadStore;
import dev.quarry.store.arq.QuarryDatasetGraph;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.engine.QueryEngineRegistry;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.resultset.ResultsCompare;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBuilder;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Property test: random small datasets, a fixed set of queries, results compared (as
 * bags, blank nodes up to renaming) with Jena's in-memory dataset holding the same quads.
 */
class IdExecutorOracleTest {
    static final String EX = "http://example.org/";

    /** Queries over the vocabulary of {@link #randomQuads}; each exercises one feature of the executor. */
    static final List<String> QUERIES = List.of(
            "SELECT * { ?s ?p ?o }",
            "SELECT * { ?s :p0 ?o . ?o :p1 ?z }",
            "SELECT * { ?s :p0 ?o . ?t :p1 ?o }",
            "SELECT * { ?x :p0 ?x }",
            "SELECT * { ?x ?p ?x }",
            "SELECT * { ?s :p0 :absent }",
            "SELECT * { ?s :p0 ?o . ?o :absent ?z }",
            "SELECT * { ?s :p0 \"not in the store at all\" }",
            "SELECT * { GRAPH ?g { ?s ?p ?o } }",
            "SELECT * { GRAPH ?g { ?s :p0 ?o . ?o :p1 ?z } }",
            "SELECT * { GRAPH ?g { ?g ?p ?o } }",
            "SELECT * { GRAPH ?g { ?s ?p ?g } }",
            "SELECT * { GRAPH :g0 { ?s ?p ?o } }",
            "SELECT * { GRAPH :absent { ?s ?p ?o } }",
            "SELECT * { GRAPH <urn:x-arq:UnionGraph> { ?s ?p ?o } }",
            "SELECT * { GRAPH <urn:x-arq:UnionGraph> { ?s :p0 ?o . ?o ?q ?z } }",
            "SELECT * { GRAPH <urn:x-arq:DefaultGraph> { ?s :p0 ?o } }",
            "SELECT * { ?s :p0 ?o GRAPH ?g { ?o ?p ?z } }",
            "SELECT DISTINCT ?s { GRAPH ?g { ?s ?p ?o } }",
            "SELECT * { ?s :p0 ?o OPTIONAL { ?o :p1 ?z FILTER(?z != 1) } }",
            "SELECT * { ?s :p0 ?o OPTIONAL { ?o :p1 ?z } FILTER(!bound(?z) || isIRI(?z)) }",
            "SELECT * { ?s ?p ?o FILTER(isLiteral(?o) && ?o > 1) }",
            "SELECT * { ?s ?p ?o FILTER(?o = 1) }",
            "SELECT * { ?s ?p 1 }",
            "SELECT * { ?s ?p \"01\"^^<http://www.w3.org/2001/XMLSchema#integer> }",
            "SELECT * { ?s ?p true }",
            "SELECT * { ?s ?p \"ab\" }",
            "SELECT * { ?s ?p \"ab\"@en }",
            "SELECT * { VALUES ?o { 1 \"zz\" :s1 \"ab\" } ?s ?p ?o }",
            "SELECT * { BIND(:s1 AS ?s) ?s ?p ?o }",
            "SELECT * { { ?s :p0 ?o } UNION { GRAPH ?g { ?s :p0 ?o } } }",
            "SELECT * { ?s :p0 ?o FILTER NOT EXISTS { ?o :p1 ?z } }",
            "SELECT * { ?s :p0 ?o MINUS { ?s :p1 ?z } }",
            "SELECT ?p (COUNT(*) AS ?n) { ?s ?p ?o } GROUP BY ?p",
            "SELECT ?g (COUNT(DISTINCT ?s) AS ?n) { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g",
            "SELECT * { ?s :p0/:p1 ?o }",
            "SELECT * { ?s :p0+ ?o }",
            "SELECT * { GRAPH ?g { ?s :p0* ?o } }",
            "SELECT * { ?a :p0 ?b . ?b :p0 ?c . ?c :p0 ?a }",
            "SELECT * { ?s ?p ?o . ?o ?q ?s }",
            "SELECT * FROM :g0 { ?s ?p ?o }",
            "SELECT * FROM NAMED :g1 { GRAPH ?g { ?s ?p ?o } }",
            "SELECT * { SELECT ?s (MAX(?o) AS ?m) { ?s :p2 ?o } GROUP BY ?s }",
            "SELECT ?o { ?s ?p ?o } ORDER BY ?o LIMIT 5",
            // GRAPH bodies where ARQ's quad form would not be exact: these stay in triple form.
            "SELECT * { GRAPH ?g { ?a :p0 ?o MINUS { ?b :p0 ?o } } }",
            "SELECT * { GRAPH ?g { VALUES (?g ?t) { (UNDEF 1) (:g1 2) } } }",
            "SELECT ?g ?c { GRAPH ?g { SELECT (COUNT(*) AS ?c) { ?s :p1 ?x } } }",
            "SELECT * { GRAPH ?g { ?s :p0 ?o FILTER(?g != :g1) } }",
            "SELECT * { GRAPH ?g { ?s :p0 ?o OPTIONAL { ?o :p1 ?z } } }",
            // Inline decimals, dates and dateTimes next to dictionary forms of the same values.
            "SELECT * { ?s ?p ?o FILTER(?o = 1.5) }",
            "SELECT * { ?s ?p \"1.0\"^^xsd:decimal }",
            "SELECT * { ?s ?p ?o FILTER(?o = \"2008-05-10T12:00:00Z\"^^xsd:dateTime) }",
            "SELECT * { ?s ?p ?o FILTER(?o < \"2008-05-10T12:00:00\"^^xsd:dateTime) }",
            "SELECT * { ?s ?p ?o FILTER(?o >= \"2008-05-10\"^^xsd:date) }",
            "SELECT * { ?s ?p ?o FILTER(datatype(?o) = xsd:dateTime && year(?o) = 2008 && tz(?o) != \"\") }",
            "SELECT ?o (COUNT(*) AS ?n) { ?s ?p ?o FILTER(isNumeric(?o)) } GROUP BY ?o",
            "SELECT * { ?s :p0 ?o . ?t :p1 ?o FILTER(datatype(?o) != xsd:string) }");

    @TempDir
    Path dir;

    static Node iri(String local) {
        return NodeFactory.createURI(EX + local);
    }

    /** Objects mixing inline ids (small integers, booleans, short strings) and dictionary terms. */
    static Node randomObject(Random r) {
        return switch (r.nextInt(14)) {
            case 0 -> NodeFactory.createLiteralDT(Integer.toString(r.nextInt(4)), XSDDatatype.XSDinteger);
            case 1 -> NodeFactory.createLiteralDT("0" + r.nextInt(3), XSDDatatype.XSDinteger); // non-canonical
            case 2 -> NodeFactory.createLiteralDT(r.nextBoolean() ? "true" : "false", XSDDatatype.XSDboolean);
            case 3 -> NodeFactory.createLiteralString(r.nextBoolean() ? "ab" : "cd");
            case 4 -> NodeFactory.createLiteralString("a longer string " + r.nextInt(2));
            case 5 -> NodeFactory.createLiteralLang("ab", "en");
            case 6 -> NodeFactory.createLiteralDT(pick(r, "2.5", "1.5", "1.50", "1.0", "1", "01.5", "-0.0"), XSDDatatype.XSDdecimal);
            case 10 -> NodeFactory.createLiteralDT(pick(r, "2008-05-10T12:00:00Z", "2008-05-10T12:00:00",
                    "2008-05-10T14:00:00+02:00", "2008-05-10T12:00:00.000Z", "2008-05-10T11:59:59.5-00:00",
                    "2008-05-10T12:00:00.25+14:00"), XSDDatatype.XSDdateTime);
            case 11 -> NodeFactory.createLiteralDT(pick(r, "2008-05-10", "2008-05-10Z", "2008-05-10+00:00", "2008-05-11-05:00"),
                    XSDDatatype.XSDdate);
            case 7 -> NodeFactory.createBlankNode("b" + r.nextInt(3));
            case 8 -> iri("g" + r.nextInt(3));
            default -> iri("s" + r.nextInt(6));
        };
    }

    private static String pick(Random r, String... choices) {
        return choices[r.nextInt(choices.length)];
    }

    static List<Quad> randomQuads(Random r, int n) {
        List<Quad> quads = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int gi = r.nextInt(5);
            Node g = gi >= 3 ? Quad.defaultGraphIRI : iri("g" + gi);
            Node s = r.nextInt(8) == 0 ? iri("g" + r.nextInt(3)) : iri("s" + r.nextInt(6));
            if (r.nextInt(10) == 0) {
                s = NodeFactory.createBlankNode("b" + r.nextInt(3));
            }
            quads.add(Quad.create(g, s, iri("p" + r.nextInt(3)), randomObject(r)));
        }
        return quads;
    }

    @Test
    void idExecutorIsChosenForTheStore() {
        try (QuadStore store = QuadStore.open(dir.resolve("db"))) {
            QuarryDatasetGraph dsg = new QuarryDatasetGraph(store);
            Query q = QueryFactory.create("SELECT * { ?s ?p ?o }");
            assertSame(QuarryQueryEngine.factory(), QueryEngineRegistry.findFactory(q, dsg, dsg.getContext()));
            Txn.executeWrite(dsg, () -> dsg.add(Quad.defaultGraphIRI, iri("s"), iri("p"), iri("o")));
            Txn.executeRead(dsg, () -> {
                Binding b = QueryExec.dataset(dsg).query(q).select().next();
                assertTrue(b instanceof IdBinding, b.getClass().getName());
            });
            dsg.getContext().set(QuarryQueryEngine.ID_EXECUTOR, false);
            Txn.executeRead(dsg, () -> assertTrue(!(QueryExec.dataset(dsg).query(q).select().next() instanceof IdBinding)));
        }
    }

    @Test
    void randomDatasetsGiveTheSameResultsAsJenaInMemory() {
        try (QuadStore store = QuadStore.open(dir.resolve("db"))) {
            QuarryDatasetGraph dsg = new QuarryDatasetGraph(store);
            for (int seed = 0; seed < 12; seed++) {
                Random r = new Random(seed);
                List<Quad> quads = randomQuads(r, 10 + r.nextInt(80));
                DatasetGraph oracle = DatasetGraphFactory.createTxnMem();
                Txn.executeWrite(dsg, () -> {
                    dsg.clear();
                    quads.forEach(dsg::add);
                });
                Txn.executeWrite(oracle, () -> quads.forEach(oracle::add));
                for (String text : QUERIES) {
                    Query q = QueryFactory.create("PREFIX : <" + EX + ">\nPREFIX xsd: <" + XSDDatatype.XSD + "#>\n" + text);
                    List<Binding> expected = select(oracle, q);
                    List<Binding> actual = select(dsg, q);
                    int s = seed;
                    assertTrue(ResultsCompare.equalsByTerm(expected, actual),
                            () -> "seed " + s + ": " + text + "\nexpected " + expected + "\nactual " + actual);
                }
            }
        }
    }

    /** Runs a SELECT in a read transaction; the rows are copied (decoded) inside it. */
    static List<Binding> select(DatasetGraph dsg, Query q) {
        return Txn.calculateRead(dsg, () -> copy(QueryExec.dataset(dsg).query(q).select()));
    }

    /** The rows, each copied into a plain binding (so ids are decoded now). */
    static List<Binding> copy(java.util.Iterator<Binding> rows) {
        List<Binding> out = new ArrayList<>();
        rows.forEachRemaining(b -> {
            BindingBuilder copy = Binding.builder();
            b.forEach(copy::add);
            out.add(copy.build());
        });
        return out;
    }

    @Test
    void askAndConstructAgreeToo() {
        try (QuadStore store = QuadStore.open(dir.resolve("db"))) {
            QuarryDatasetGraph dsg = new QuarryDatasetGraph(store);
            List<Quad> quads = randomQuads(new Random(42), 60);
            DatasetGraph oracle = DatasetGraphFactory.createTxnMem();
            Txn.executeWrite(dsg, () -> quads.forEach(dsg::add));
            Txn.executeWrite(oracle, () -> quads.forEach(oracle::add));
            for (String text : List.of("ASK { ?s :p0 ?o . ?o :p1 ?z }", "ASK { ?s :p0 :absent }", "ASK { GRAPH ?g { ?x ?p ?x } }")) {
                String full = "PREFIX : <" + EX + ">\n" + text;
                boolean expected = Txn.calculateRead(oracle, () -> QueryExec.dataset(oracle).query(full).ask());
                boolean actual = Txn.calculateRead(dsg, () -> QueryExec.dataset(dsg).query(full).ask());
                assertEquals(expected, actual, text);
            }
            String construct = "PREFIX : <" + EX + ">\nCONSTRUCT { ?o :back ?s } WHERE { GRAPH ?g { ?s :p0 ?o } }";
            var expected = Txn.calculateRead(oracle, () -> QueryExec.dataset(oracle).query(construct).construct());
            var actual = Txn.calculateRead(dsg, () -> QueryExec.dataset(dsg).query(construct).construct());
            assertTrue(expected.isIsomorphicWith(actual));
        }
    }
}
