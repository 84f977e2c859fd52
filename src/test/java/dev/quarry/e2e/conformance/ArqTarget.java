package dev.quarry.e2e.conformance;

import java.nio.file.Path;
import org.apache.jena.graph.Graph;
import org.apache.jena.query.Query;
import org.apache.jena.query.ResultSet;
import org.apache.jena.query.ResultSetRewindable;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.UpdateExec;
import org.apache.jena.system.Txn;
import org.apache.jena.update.UpdateRequest;

/** Queries and updates through ARQ on a dataset in this JVM (the store, or Jena's in-memory copy). */
record ArqTarget(DatasetGraph dsg) implements SparqlTarget {

    @Override
    public ResultSetRewindable select(Query query, Path file) {
        return Txn.calculateRead(dsg, () -> ResultSet.adapt(exec(query).select()).rewindable());
    }

    @Override
    public boolean ask(Query query, Path file) {
        return Txn.calculateRead(dsg, () -> exec(query).ask());
    }

    @Override
    public Graph graph(Query query, Path file) {
        return Txn.calculateRead(dsg, () -> query.isConstructType() ? exec(query).construct() : exec(query).describe());
    }

    @Override
    public void update(UpdateRequest request, Path file) {
        Txn.executeWrite(dsg, () -> UpdateExec.dataset(dsg).update(request).execute());
    }

    private QueryExec exec(Query query) {
        return QueryExec.dataset(dsg).query(query).build();
    }
}
