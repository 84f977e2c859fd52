package dev.quarry.engine.exec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.jena.query.ARQ;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.system.Txn;

/** The reference answer of a SELECT: ARQ's rows, unoptimized, over an in-memory dataset, sorted, as {@link EngineStore#rows} writes them. */
final class ArqRows {
    private ArqRows() {}

    static List<String> of(DatasetGraph oracle, String text) {
        Query q = QueryFactory.create(text);
        return Txn.calculateRead(oracle, () -> {
            List<String> out = new ArrayList<>();
            var rs = QueryExec.dataset(oracle).query(q).set(ARQ.optimization, false).select();
            List<Var> vars = rs.getResultVars();
            rs.forEachRemaining(b -> {
                StringBuilder row = new StringBuilder();
                for (Var v : vars) {
                    row.append(v).append('=').append(b.get(v)).append(' ');
                }
                out.add(row.toString());
            });
            Collections.sort(out);
            return out;
        });
    }
}
