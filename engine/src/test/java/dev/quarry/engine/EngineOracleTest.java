package dev.quarry.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.engine.arq.IdQueryEngineFactory;
import dev.quarry.engine.output.Solutions;
import dev.quarry.engine.shape.Prepared;
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
import org.apache.jena.query.ReadWrite;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBuilder;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.RowSet;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Differential test of the id-level engine: random datasets and randomly generated
 * queries (patterns with constants of every inline kind, filters, OPTIONAL, UNION, MINUS,
 * BIND, VALUES, EXISTS, GRAPH, DISTINCT, ORDER BY with LIMIT) must give the same answers
 * (bags of solutions, blank nodes up to renaming) as ARQ on Jena's in-memory dataset holding
 * the same quads, both through ARQ's API and through the server's path (shape cache, with
 * a second query of the same shape but other constants). Seeded: a failure names its query.
 */
class EngineOracleTest {
    private static final String EX = "http://example.org/";
    private static final int DATASETS = 4;
    private static final int QUERIES_PER_DATASET = Integer.getInteger("quarry.oracle.queries", 1500);

    @TempDir
    Path dir;

    @Test
    void randomQueriesAgreeWithArq() {
        int idLevel = 0, total = 0;
        for (int d = 0; d < DATASETS; d++) {
            Random rnd = new Random(Long.getLong("quarry.oracle.seed", 7000) + d);
            // Datasets with blank nodes get no EXISTS: ARQ, the oracle, substitutes a bound blank node into the
            // pattern inconsistently (see ExistsExpr).
            boolean blanks = d % 2 == 0;
            List<Quad> quads = randomQuads(rnd, blanks);
            DatasetGraph oracle = OracleData.oracle(quads);
            try (QuadStore store = OracleData.store(dir.resolve("s" + d), quads)) {
                QuarryDatasetGraph dsg = new QuarryDatasetGraph(store);
                SparqlEngine engine = new SparqlEngine(dsg);
                QueryGenerator gen = new QueryGenerator(rnd, !blanks);
                for (int i = 0; i < QUERIES_PER_DATASET; i++) {
                    long before = IdQueryEngineFactory.idLevelQueries();
                    String text = gen.query();
                    String other = gen.sameShapeOtherConstants(text);
                    compare(text, dsg, oracle);
                    idLevel += IdQueryEngineFactory.idLevelQueries() > before ? 1 : 0;
                    total++;
                    compareThroughServerPath(text, engine, dsg, oracle);
                    compareThroughServerPath(other, engine, dsg, oracle);
                }
            }
        }
        // The generator stays within what the engine plans itself: nearly all must run id-level.
        assertTrue(idLevel > total * 9 / 10, "only " + idLevel + " of " + total + " queries ran on the id-level engine");
    }

    private static void compare(String text, QuarryDatasetGraph dsg, DatasetGraph oracle) {
        Query q = QueryFactory.create(text);
        List<Binding> expected = oracle(q, oracle);
        List<Binding> actual = Txn.calculateRead(dsg, () -> rows(QueryExec.dataset(dsg).query(q).select()));
        if (expected != null) {
            check(text, q, expected, actual);
        }
    }

    /**
     * ARQ's answer, with ARQ's optimizer off (it is the algebra's meaning; the optimizer has
     * bugs of its own, e.g. it moves FILTER(bound(?v)) into a VALUES block with UNDEF); or
     * null when ARQ fails on the query (it refuses a literal bound into the predicate
     * position: "Unidentified predicate"; the engine must still answer, which the caller
     * checks by running it).
     */
    private static List<Binding> oracle(Query q, DatasetGraph oracle) {
        try {
            return Txn.calculateRead(oracle, () -> rows(QueryExec.dataset(oracle).query(q)
                    .set(org.apache.jena.query.ARQ.optimization, false).select()));
        } catch (org.apache.jena.query.QueryExecException e) {
            return null;
        }
    }

    private static void compareThroughServerPath(String text, SparqlEngine engine, QuarryDatasetGraph dsg,
                                                 DatasetGraph oracle) {
        Query q = QueryFactory.create(text);
        List<Binding> expected = oracle(q, oracle);
        Prepared p = engine.prepare(text, "http://localhost/sparql");
        dsg.begin(ReadWrite.READ);
        List<Binding> actual = new ArrayList<>();
        try (QueryRun run = engine.start(p, dsg, new SparqlEngine.Options(0, false))) {
            Solutions s = run.solutions();
            while (s.next()) {
                BindingBuilder b = BindingBuilder.create();
                for (int i = 0; i < s.vars().size(); i++) {
                    Node n = s.get(i);
                    if (n != null) {
                        b.add(s.vars().get(i), n);
                    }
                }
                actual.add(b.build());
            }
        } finally {
            dsg.end();
        }
        if (expected != null) {
            check("(server path) " + text, q, expected, actual);
        }
    }

    /**
     * Equal as bags (as lists when the query orders them). The data has one blank node and
     * the queries make none, so every blank node stands for it: rows are compared as text
     * with blank nodes written alike (an isomorphism search is exponential on mismatches).
     */
    private static void check(String label, Query q, List<Binding> expected, List<Binding> actual) {
        List<String> e = canonical(expected), a = canonical(actual);
        if (!q.isOrdered()) {
            java.util.Collections.sort(e);
            java.util.Collections.sort(a);
        }
        assertEquals(e, a, label);
    }

    private static List<String> canonical(List<Binding> rows) {
        List<String> out = new ArrayList<>();
        for (Binding b : rows) {
            java.util.TreeMap<String, String> m = new java.util.TreeMap<>();
            b.forEach((v, n) -> m.put(v.getVarName(), n.isBlank() ? "_:blank" : n.toString()));
            out.add(m.toString());
        }
        return out;
    }

    private static List<Binding> rows(RowSet rs) {
        List<Binding> out = new ArrayList<>();
        rs.forEachRemaining(out::add);
        return out;
    }

    // ------------------------------------------------------------------ data

    static Node iri(String local) {
        return NodeFactory.createURI(EX + local);
    }

    /** Terms of every kind the store encodes differently: IRIs, inline numbers and dates, strings, blank nodes. */
    static List<Node> objects() {
        return List.of(
                iri("s0"), iri("s1"), iri("s2"), iri("s3"),
                NodeFactory.createLiteralDT("1", XSDDatatype.XSDinteger),
                NodeFactory.createLiteralDT("2", XSDDatatype.XSDinteger),
                NodeFactory.createLiteralDT("-3", XSDDatatype.XSDinteger),
                NodeFactory.createLiteralDT("01", XSDDatatype.XSDinteger),
                NodeFactory.createLiteralDT("1.5", XSDDatatype.XSDdecimal),
                NodeFactory.createLiteralDT("2.0", XSDDatatype.XSDdecimal),
                NodeFactory.createLiteralDT("2.5E0", XSDDatatype.XSDdouble),
                NodeFactory.createLiteralDT("true", XSDDatatype.XSDboolean),
                NodeFactory.createLiteralDT("2008-06-20T00:00:00", XSDDatatype.XSDdateTime),
                NodeFactory.createLiteralDT("2008-06-21T10:00:00Z", XSDDatatype.XSDdateTime),
                NodeFactory.createLiteralDT("2008-06-20", XSDDatatype.XSDdate),
                NodeFactory.createLiteralString("ab"),
                NodeFactory.createLiteralString("a long string over seven bytes"),
                NodeFactory.createLiteralLang("ab", "en"),
                NodeFactory.createLiteralDT("12.50", NodeFactory.getType(EX + "USD")));
    }

    static List<Quad> randomQuads(Random rnd, boolean blanks) {
        List<Node> subjects = new ArrayList<>(List.of(iri("s0"), iri("s1"), iri("s2"), iri("s3"), iri("s4")));
        List<Node> objects = new ArrayList<>(objects());
        if (blanks) {
            subjects.add(NodeFactory.createBlankNode("b0"));
            objects.add(NodeFactory.createBlankNode("b0"));
        }
        Node[] graphs = {Quad.defaultGraphIRI, Quad.defaultGraphIRI, iri("g0"), iri("g1")};
        List<Quad> quads = new ArrayList<>();
        int n = 40 + rnd.nextInt(80);
        for (int i = 0; i < n; i++) {
            quads.add(Quad.create(graphs[rnd.nextInt(graphs.length)], subjects.get(rnd.nextInt(subjects.size())),
                    iri("p" + rnd.nextInt(4)), objects.get(rnd.nextInt(objects.size()))));
        }
        return quads;
    }
}
