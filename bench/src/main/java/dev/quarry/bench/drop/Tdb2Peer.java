package dev.quarry.bench.drop;

import java.nio.file.Path;
import org.apache.jena.riot.system.StreamRDF;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.exec.UpdateExec;
import org.apache.jena.system.Txn;
import org.apache.jena.tdb2.DatabaseMgr;
import org.apache.jena.tdb2.loader.DataLoader;
import org.apache.jena.tdb2.loader.LoaderFactory;
import org.apache.jena.tdb2.sys.TDBInternal;

/** Jena TDB2 on the same quads: filled with its phased bulk loader, emptied with {@code DROP ALL}. */
public final class Tdb2Peer implements AutoCloseable {
    private final DatasetGraph dsg;

    public Tdb2Peer(Path dir) {
        this.dsg = DatabaseMgr.connectDatasetGraph(dir.toString());
    }

    public void fill(int n) {
        DataLoader loader = LoaderFactory.phasedLoader(dsg, (fmt, args) -> { });
        loader.startBulk();
        StreamRDF out = loader.stream();
        out.start();
        for (int i = 0; i < n; i++) {
            out.quad(DropQuads.quad(i));
        }
        out.finish();
        loader.finishBulk();
    }

    /** The SPARQL update {@code DROP ALL} in one write transaction, committed. */
    public void dropAll() {
        Txn.executeWrite(dsg, () -> UpdateExec.dataset(dsg).update("DROP ALL").execute());
    }

    public boolean isEmpty() {
        return Txn.calculateRead(dsg, dsg::isEmpty);
    }

    public long countQuads() {
        return Txn.calculateRead(dsg, () -> {
            long n = 0;
            for (var it = dsg.find(); it.hasNext(); it.next()) {
                n++;
            }
            return n;
        });
    }

    @Override
    public void close() {
        TDBInternal.expel(dsg); // closes its files, so the directory can be deleted

    }
}
