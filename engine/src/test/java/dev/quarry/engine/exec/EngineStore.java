package dev.quarry.engine.exec;

import dev.quarry.engine.OracleData;
import dev.quarry.engine.SparqlEngine;
import dev.quarry.engine.shape.Prepared;
import dev.quarry.store.QuadStore;
import dev.quarry.store.arq.QuarryDatasetGraph;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.jena.query.ReadWrite;
import org.apache.jena.sparql.core.Quad;

/** A store in a test directory and the engine over it: a query's rows ("var=term " each) or its EXPLAIN text. */
final class EngineStore implements AutoCloseable {
    private static final String BASE = "http://localhost/sparql";
    private static final SparqlEngine.Options OPTIONS = new SparqlEngine.Options(0, false);

    private final QuadStore store;
    private final QuarryDatasetGraph dsg;
    private final SparqlEngine engine;

    private EngineStore(QuadStore store) {
        this.store = store;
        this.dsg = new QuarryDatasetGraph(store);
        this.engine = new SparqlEngine(dsg);
    }

    /** A store at {@code dir} holding {@code quads}, written in one transaction. */
    static EngineStore of(Path dir, Iterable<Quad> quads) {
        return new EngineStore(OracleData.store(dir, quads));
    }

    /**
     * As {@link #of}, with no predicate held in memory by subject ({@link dev.quarry.store.QuadReader#predicateTable}):
     * for tests of how a level seeks, which such a table would answer instead on data this small.
     */
    static EngineStore seeking(Path dir, Iterable<Quad> quads) {
        return new EngineStore(OracleData.store(dir, quads, dev.quarry.store.StoreOptions.defaults().withPredicateTableBytes(0)));
    }

    /** The rows of the SELECT {@code text} as the engine answers it, in its order. */
    List<String> rows(String text) {
        Prepared p = engine.prepare(text, BASE);
        List<String> rows = new ArrayList<>();
        dsg.begin(ReadWrite.READ);
        try (var run = engine.start(p, dsg, OPTIONS)) {
            var s = run.solutions();
            while (s.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 0; i < s.vars().size(); i++) {
                    row.append(s.vars().get(i)).append('=').append(s.get(i)).append(' ');
                }
                rows.add(row.toString());
            }
        } finally {
            dsg.end();
        }
        return rows;
    }

    /** The executed plan of {@code text}. */
    String explain(String text) {
        Prepared p = engine.prepare(text, BASE);
        dsg.begin(ReadWrite.READ);
        try {
            return engine.explain(p, OPTIONS);
        } finally {
            dsg.end();
        }
    }

    @Override
    public void close() {
        store.close();
    }
}
