package dev.quarry.e2e.conformance;

import dev.quarry.testing.w3c.ManifestEntry;
import dev.quarry.testing.w3c.TestVocab;
import dev.quarry.store.WriteTransaction;
import dev.quarry.store.arq.QuarryDatasetGraph;
import java.nio.file.Path;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.rdf.model.RDFNode;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.system.Txn;
import org.apache.jena.update.UpdateRequest;

/**
 * One {@code mf:UpdateEvaluationTest}: the store starts with {@code ut:data} and
 * {@code ut:graphData} (named by their {@code rdfs:label}), the request runs on a
 * {@link SparqlTarget} (one write transaction), and the default and named graphs
 * afterwards must be isomorphic to the expected ones; then the validator checks indexes, dictionary and statistics.
 */
final class UpdateEvaluation {
    private UpdateEvaluation() {}

    /** Runs {@code e} in-process: ARQ on the fixture's store. */
    static void run(ManifestEntry e, StoreFixture fixture) {
        run(e, fixture, new ArqTarget(fixture.dataset()));
    }

    /** Runs {@code e} against {@code target}, which must write to the fixture's store. */
    static void run(ManifestEntry e, StoreFixture fixture, SparqlTarget target) {
        Resource action = e.action();
        Path requestFile = ManifestEntry.file(ManifestEntry.one(action, TestVocab.UT_REQUEST));
        UpdateRequest request = SparqlSyntax.update(requestFile);
        QuarryDatasetGraph dsg = fixture.fresh();
        try (WriteTransaction w = fixture.store().beginWrite()) {
            forEachFile(action, (file, graph) -> RdfFiles.load(w, file, graph));
            w.commit();
        }
        target.update(request, requestFile);

        DatasetGraph expected = DatasetGraphFactory.create();
        forEachFile(e.result(), (file, graph) -> {
            DatasetGraph one = RdfFiles.readInMemory(file);
            one.find().forEachRemaining(q -> expected.add(graph == null ? q.getGraph() : graph,
                    q.getSubject(), q.getPredicate(), q.getObject()));
        });
        DatasetGraph actual = Txn.calculateRead(dsg, () -> DatasetComparison.copy(dsg));
        DatasetComparison.assertIsomorphic(expected, actual);
        fixture.validate();
    }

    private interface FileAction {
        void accept(Path file, Node graph);
    }

    /** The {@code ut:data} files (graph null: default) and {@code ut:graphData} files with their graph names. */
    private static void forEachFile(Resource state, FileAction action) {
        for (RDFNode d : ManifestEntry.all(state, TestVocab.UT_DATA)) {
            action.accept(ManifestEntry.file(d), null);
        }
        for (RDFNode gd : ManifestEntry.all(state, TestVocab.UT_GRAPH_DATA)) {
            Resource r = gd.asResource();
            Node name = NodeFactory.createURI(ManifestEntry.one(r, TestVocab.LABEL).asLiteral().getLexicalForm());
            action.accept(ManifestEntry.file(ManifestEntry.one(r, TestVocab.UT_GRAPH)), name);
        }
    }
}
