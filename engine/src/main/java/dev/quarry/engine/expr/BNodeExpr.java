package dev.quarry.engine.expr;

import dev.quarry.engine.exec.ExecContext;
import org.apache.jena.sparql.expr.ExprEvalException;
import org.apache.jena.sparql.expr.NodeValue;

/**
 * BNODE(str): the same blank node for the same string within one solution, a new one in
 * the next solution (SPARQL 1.1, 17.4.2.9): the context keeps the blank nodes of the
 * current solution, which each operator that evaluates expressions per row starts.
 */
public final class BNodeExpr extends RowExpr {
    private final RowExpr label;

    public BNodeExpr(RowExpr label) {
        this.label = label;
    }

    @Override
    public NodeValue eval(long[] row, ExecContext cx) {
        NodeValue v = label.eval(row, cx);
        if (!v.isString()) {
            throw new ExprEvalException("BNODE: not a string: " + v);
        }
        return NodeValue.makeNode(cx.blankNode(v.getString()));
    }

    @Override
    public int[] slots() {
        return label.slots();
    }

    @Override
    public String toString() {
        return "BNODE(" + label + ")";
    }
}
