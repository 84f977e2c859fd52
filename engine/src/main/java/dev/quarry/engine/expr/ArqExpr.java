package dev.quarry.engine.expr;

import dev.quarry.engine.exec.ExecContext;
import dev.quarry.store.encoding.TermId;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBuilder;
import org.apache.jena.sparql.engine.binding.BindingFactory;
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
        return expr.eval(binding(row, cx), cx.functionEnv());
    }

    private Binding binding(long[] row, ExecContext cx) {
        if (slots.length == 1) {
            long id = row[slots[0]];
            return id == TermId.NONE ? BindingFactory.empty() : BindingFactory.binding(vars[0], cx.node(id));
        }
        BindingBuilder b = BindingFactory.builder();
        for (int i = 0; i < slots.length; i++) {
            long id = row[slots[i]];
            if (id != TermId.NONE) {
                b.add(vars[i], cx.node(id));
            }
        }
        return b.build();
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
