package dev.quarry.e2e.conformance;

import dev.quarry.testing.w3c.ManifestEntry;
import dev.quarry.testing.w3c.TestVocab;
import dev.quarry.store.WriteTransaction;
import dev.quarry.store.arq.QuarryDatasetGraph;
import java.nio.file.Path;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.ResultSetFormatter;
import org.apache.jena.query.ResultSetRewindable;
import org.apache.jena.rdf.model.RDFNode;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.resultset.ResultsCompare;
import org.apache.jena.sparql.util.IsoMatcher;
import org.apache.jena.system.Txn;

/**
 * One {@code mf:QueryEvaluationTest}: {@code qt:data} into the default graph and each
 * {@code qt:graphData} into a named graph called by its file IRI (or, with neither, the
 * query's FROM / FROM NAMED files, so ARQ picks them out of the store), then the query
 * on a {@link SparqlTarget} (ARQ on the store, or the server over HTTP), compared with
 * the expected results by value (and in order when the query has ORDER BY), or by
 * isomorphism for CONSTRUCT and DESCRIBE.
 */
final class QueryEvaluation {
    private QueryEvaluation() {}

    /** Runs {@code e} in-process: ARQ on the fixture's store. */
    static void run(ManifestEntry e, StoreFixture fixture) {
        run(e, fixture, new ArqTarget(fixture.dataset()));
    }

    /** Runs {@code e} against {@code target}, which must see the fixture's store. */
    static void run(ManifestEntry e, StoreFixture fixture, SparqlTarget target) {
        Resource action = e.action();
        Path queryFile = ManifestEntry.file(ManifestEntry.one(action, TestVocab.QT_QUERY));
        Query query = SparqlSyntax.query(queryFile);
        QuarryDatasetGraph dsg = fixture.fresh();
        load(fixture, action, query);
        Path expectedFile = ManifestEntry.file(e.result());
        String problem = check(query, queryFile, target, expectedFile);
        if (problem != null) {
            // Tell a store or transport bug from an ARQ one: the same query on Jena's in-memory dataset.
            DatasetGraph mem = Txn.calculateRead(dsg, () -> DatasetComparison.copy(dsg));
            String inMemory = check(query, queryFile, new ArqTarget(mem), expectedFile) == null ? "passes" : "fails too";
            throw new AssertionError(problem + "\n(on Jena's in-memory copy of the same data the test " + inMemory + ")");
        }
    }

    /** Null if {@code target} gives the expected answer, else what differs. */
    private static String check(Query query, Path queryFile, SparqlTarget target, Path expectedFile) {
        if (query.isSelectType()) {
            return compareRows(query, ExpectedResults.rows(expectedFile), target.select(query, queryFile));
        }
        if (query.isAskType()) {
            boolean actual = target.ask(query, queryFile);
            boolean expected = ExpectedResults.bool(expectedFile);
            return expected == actual ? null : "ASK: expected " + expected + ", got " + actual;
        }
        Graph actual = target.graph(query, queryFile);
        Graph expected = RDFDataMgr.loadGraph(expectedFile.toString());
        return IsoMatcher.isomorphic(expected, actual) ? null
                : "graphs differ\n--- expected\n" + expected + "\n--- actual\n" + actual;
    }

    static void load(StoreFixture fixture, Resource action, Query query) {
        var data = ManifestEntry.all(action, TestVocab.QT_DATA);
        var graphData = ManifestEntry.all(action, TestVocab.QT_GRAPH_DATA);
        try (WriteTransaction w = fixture.store().beginWrite()) {
            for (RDFNode d : data) {
                RdfFiles.load(w, ManifestEntry.file(d), null);
            }
            for (RDFNode g : graphData) {
                RdfFiles.load(w, ManifestEntry.file(g), NodeFactory.createURI(g.asResource().getURI()));
            }
            if (data.isEmpty() && graphData.isEmpty() && query.hasDatasetDescription()) {
                for (String iri : query.getGraphURIs()) {
                    RdfFiles.load(w, Path.of(java.net.URI.create(iri)), NodeFactory.createURI(iri));
                }
                for (String iri : query.getNamedGraphURIs()) {
                    RdfFiles.load(w, Path.of(java.net.URI.create(iri)), NodeFactory.createURI(iri));
                }
            }
            w.commit();
        }
    }

    private static String compareRows(Query query, ResultSetRewindable expected, ResultSetRewindable actual) {
        boolean same = query.isOrdered()
                ? ResultsCompare.equalsByValueAndOrder(expected, actual)
                : ResultsCompare.equalsByValue(expected, actual);
        if (same) {
            return null;
        }
        expected.reset();
        actual.reset();
        return "results differ\n--- expected\n" + ResultSetFormatter.asText(expected)
                + "\n--- actual\n" + ResultSetFormatter.asText(actual);
    }
}
