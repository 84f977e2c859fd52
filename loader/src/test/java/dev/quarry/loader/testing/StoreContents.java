package dev.quarry.loader.testing;

import dev.quarry.store.QuadStore;
import dev.quarry.store.graph.QuarryDatasetGraph;
import java.nio.file.Path;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.util.IsoMatcher;
import org.apache.jena.system.Txn;

/** Test helpers: what a store holds, and what RIOT reads from a file (the oracle). */
public final class StoreContents {
    private StoreContents() {}

    /** A copy of the store's quads in an in-memory dataset, read back through QuarryDatasetGraph. */
    public static DatasetGraph copy(QuadStore store) {
        QuarryDatasetGraph dsg = new QuarryDatasetGraph(store);
        DatasetGraph out = DatasetGraphFactory.createGeneral();
        Txn.executeRead(dsg, () -> dsg.find().forEachRemaining(out::add));
        return out;
    }

    /** RDFDataMgr's reading of {@code file} (compressed files too, by extension). */
    public static DatasetGraph oracle(Path file) {
        DatasetGraph dsg = DatasetGraphFactory.createGeneral();
        RDFDataMgr.read(dsg, file.toString());
        return dsg;
    }

    public static boolean isomorphic(DatasetGraph a, DatasetGraph b) {
        return IsoMatcher.isomorphic(a, b);
    }

    public static long size(DatasetGraph d) {
        long[] n = {0};
        d.find().forEachRemaining(q -> n[0]++);
        return n[0];
    }
}
