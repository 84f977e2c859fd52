package dev.quarry.engine.expr;

import dev.quarry.engine.exec.ExecContext;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.NodeValue;

/**
 * Any expression, evaluated by ARQ over a binding of the variables it mentions, decoded
 * from the row: SPARQL's semantics for every function ARQ knows, at the price of decoding.
 */
public final class ArqExpr extends RowExpr {
    private final Expr expr;
    private final int[] slots;
    private final Var[] vars;

    /** {@code slots[i]} holds {@code vars[i]}; the expression must have been prepared (function bindings). */
    public ArqExpr(Expr expr, int[] slots, Var[] vars) {
        this.expr = expr;
        this.slots = slots;
        this.vars = vars;
    }

    @Override
    public NodeValue eval(long[] row, ExecContext cx) {
        return expr.eval(cx.binding(row, slots, vars), cx.functionEnv());
    }

    @Override
    public int[] slots() {
        return slots.clone();
    }

    @Override
    public String toString() {
        return expr.toString();
    }
}
