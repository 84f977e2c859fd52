package dev.quarry.engine.expr;

import dev.quarry.engine.exec.ExecContext;
import dev.quarry.store.encoding.TermId;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.NodeValue;

/** BOUND(?v): a look at the slot. */
public final class BoundExpr extends RowExpr {
    private final int slot;
    private final Var var;

    public BoundExpr(int slot, Var var) {
        this.slot = slot;
        this.var = var;
    }

    @Override
    public NodeValue eval(long[] row, ExecContext cx) {
        return NodeValue.booleanReturn(row[slot] != TermId.NONE);
    }

    @Override
    public int test(long[] row, ExecContext cx) {
        return row[slot] != TermId.NONE ? TRUE : FALSE;
    }

    @Override
    public int[] slots() {
        return new int[] {slot};
    }

    @Override
    public String toString() {
        return "bound(" + var + ")";
    }
}
