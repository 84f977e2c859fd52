package dev.quarry.engine.output;

import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.exec.RowSet;

/** ARQ's result rows as solutions (for queries the id-level engine hands to ARQ). */
public final class RowSetSolutions implements Solutions {
    private final RowSet rows;
    private final List<Var> vars;
    private Binding current;

    public RowSetSolutions(RowSet rows) {
        this.rows = rows;
        this.vars = List.copyOf(rows.getResultVars());
    }

    @Override
    public List<Var> vars() {
        return vars;
    }

    @Override
    public boolean next() {
        if (!rows.hasNext()) {
            return false;
        }
        current = rows.next();
        return true;
    }

    @Override
    public Node get(int column) {
        return current.get(vars.get(column));
    }
}
