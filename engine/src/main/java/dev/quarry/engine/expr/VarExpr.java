package dev.quarry.engine.expr;

import dev.quarry.engine.exec.ExecContext;
import dev.quarry.store.encoding.TermId;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.NodeValue;
import org.apache.jena.sparql.expr.VariableNotBoundException;

/** A variable: its id from the row, decoded only when the value itself is needed. */
public final class VarExpr extends RowExpr {
    private final int slot;
    private final Var var;

    public VarExpr(int slot, Var var) {
        this.slot = slot;
        this.var = var;
    }

    public int slot() {
        return slot;
    }

    @Override
    public NodeValue eval(long[] row, ExecContext cx) {
        long id = row[slot];
        if (id == TermId.NONE) {
            throw new VariableNotBoundException("unbound: " + var);
        }
        return NodeValue.makeNode(cx.node(id));
    }

    @Override
    public long evalId(long[] row, ExecContext cx) {
        return row[slot];
    }

    @Override
    public long integerValue(long[] row, ExecContext cx) {
        long id = row[slot];
        return TermId.kind(id) == TermId.KIND_INTEGER ? TermId.integerValue(id) : InlineValues.NOT_INTEGER;
    }

    @Override
    public boolean isTerm() {
        return true;
    }

    @Override
    public int[] slots() {
        return new int[] {slot};
    }

    @Override
    public String toString() {
        return var.toString();
    }
}
