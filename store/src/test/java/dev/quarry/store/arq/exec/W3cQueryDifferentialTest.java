package dev.quarry.store.arq.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.quarry.store.QuadStore;
import dev.quarry.store.arq.QuarryDatasetGraph;
import dev.quarry.testing.ConformanceTest;
import dev.quarry.testing.w3c.Manifest;
import dev.quarry.testing.w3c.ManifestEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.resultset.ResultsCompare;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The W3C SPARQL 1.1 query evaluation tests run twice on the store, through the id-level
 * executor and through ARQ's plain DatasetGraph path, which must give the same answers
 * (the suite's own expected results are the end-to-end conformance run's business).
 * Skipped when the suites are not beside the checkout.
 */
@ConformanceTest
class W3cQueryDifferentialTest {
    static final String QT = "http://www.w3.org/2001/sw/DataAccess/tests/test-query#";
    static final List<String> DIRS = List.of("aggregates", "bind", "bindings", "cast", "construct", "exists",
            "functions", "grouping", "negation", "project-expression", "property-path", "subquery", "json-res", "csv-tsv-res");

    @TempDir
    static Path dir;

    @TestFactory
    Stream<DynamicTest> queryEvaluationTests() {
        String root = System.getProperty("quarry.conformance.dir");
        Path suite = root == null ? null : Path.of(root, "sparql", "sparql11");
        assumeTrue(suite != null && Files.isDirectory(suite), "W3C suites not found");
        QuadStore store = QuadStore.open(dir.resolve("db"));
        QuarryDatasetGraph dsg = new QuarryDatasetGraph(store);
        List<DynamicTest> tests = new ArrayList<>();
        for (String d : DIRS) {
            for (ManifestEntry e : Manifest.entries(suite.resolve(d).resolve("manifest.ttl"))) {
                if (!e.type().equals("QueryEvaluationTest")) {
                    continue;
                }
                Resource action = e.action();
                String name = d + "/" + e.node().getLocalName();
                tests.add(DynamicTest.dynamicTest(name, () -> run(dsg, e.node().getModel(), action)));
            }
        }
        tests.add(DynamicTest.dynamicTest("close", store::close));
        return tests.stream();
    }

    private static void run(QuarryDatasetGraph dsg, Model m, Resource action) {
        String queryUri = action.getPropertyResourceValue(m.createProperty(QT + "query")).getURI();
        Query query = QueryFactory.read(queryUri);
        Txn.executeWrite(dsg, () -> {
            dsg.clear();
            Resource data = action.getPropertyResourceValue(m.createProperty(QT + "data"));
            if (data != null) {
                RDFDataMgr.loadGraph(data.getURI()).find().forEachRemaining(tr -> dsg.getDefaultGraph().add(tr));
            }
            action.listProperties(m.createProperty(QT + "graphData")).forEachRemaining(st -> {
                Node g = st.getResource().asNode();
                Graph graph = RDFDataMgr.loadGraph(g.getURI());
                graph.find().forEachRemaining(tr -> dsg.add(g, tr.getSubject(), tr.getPredicate(), tr.getObject()));
            });
        });
        Object viaIds = answer(dsg, query, true);
        Object plain = answer(dsg, query, false);
        if (viaIds instanceof List<?> a && plain instanceof List<?> b) {
            @SuppressWarnings("unchecked")
            boolean same = ResultsCompare.equalsByTerm((List<Binding>) a, (List<Binding>) b);
            assertTrue(same, () -> "id executor " + a + "\nplain " + b);
        } else if (viaIds instanceof Graph a && plain instanceof Graph b) {
            assertTrue(a.isIsomorphicWith(b), "graphs differ");
        } else {
            assertEquals(plain, viaIds);
        }
    }

    /** The query's answer (rows copied inside the transaction, a graph, or a boolean). */
    private static Object answer(DatasetGraph dsg, Query query, boolean ids) {
        dsg.getContext().set(QuarryQueryEngine.ID_EXECUTOR, ids);
        try {
            return Txn.calculateRead(dsg, () -> {
                QueryExec qe = QueryExec.dataset(dsg).query(query).build();
                if (query.isAskType()) {
                    return qe.ask();
                }
                if (query.isConstructType()) {
                    return qe.construct();
                }
                if (query.isDescribeType()) {
                    return qe.describe();
                }
                return IdExecutorOracleTest.copy(qe.select());
            });
        } finally {
            dsg.getContext().remove(QuarryQueryEngine.ID_EXECUTOR);
        }
    }
}
