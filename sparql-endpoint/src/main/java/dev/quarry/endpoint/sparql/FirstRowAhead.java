package dev.quarry.endpoint.sparql;

import dev.quarry.engine.output.Solutions;
import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Var;

/**
 * Solutions whose first row is computed on construction, so that a query that fails or
 * times out before its first row still gets a proper HTTP status instead of a cut stream.
 */
final class FirstRowAhead implements Solutions {
    private final Solutions rows;
    /** Whether there is a first row at all. */
    private final boolean any;
    private boolean firstPending;

    FirstRowAhead(Solutions rows) {
        this.rows = rows;
        this.any = rows.next();
        this.firstPending = any;
    }

    @Override
    public List<Var> vars() {
        return rows.vars();
    }

    @Override
    public boolean next() {
        if (firstPending) {
            firstPending = false;
            return true;
        }
        return any && rows.next();
    }

    @Override
    public Node get(int column) {
        return rows.get(column);
    }
}
