package dev.quarry.engine;

import dev.quarry.store.QuadStore;
import dev.quarry.store.StoreOptions;
import dev.quarry.store.WriteTransaction;
import java.nio.file.Path;
import java.util.List;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;

/** The same quads in Jena's in-memory dataset (the oracle) and in a new store, for differential tests. */
public final class OracleData {
    private OracleData() {}

    /** Jena's in-memory dataset holding {@code quads}. */
    static DatasetGraph oracle(List<Quad> quads) {
        DatasetGraph oracle = DatasetGraphFactory.createTxnMem();
        Txn.executeWrite(oracle, () -> quads.forEach(oracle::add));
        return oracle;
    }

    /** A new store in {@code dir} holding {@code quads}, committed; the caller closes it. */
    public static QuadStore store(Path dir, Iterable<Quad> quads) {
        return store(dir, quads, StoreOptions.defaults());
    }

    public static QuadStore store(Path dir, Iterable<Quad> quads, StoreOptions options) {
        QuadStore store = QuadStore.open(dir, options);
        try (WriteTransaction w = store.beginWrite()) {
            for (Quad q : quads) {
                w.add(q.isDefaultGraph() ? null : q.getGraph(), q.getSubject(), q.getPredicate(), q.getObject());
            }
            w.commit();
        }
        return store;
    }
}
