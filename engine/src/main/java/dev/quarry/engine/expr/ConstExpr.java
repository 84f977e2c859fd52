package dev.quarry.engine.expr;

import dev.quarry.engine.exec.ExecContext;
import dev.quarry.store.encoding.TermId;
import org.apache.jena.sparql.expr.NodeValue;
import org.apache.jena.sparql.util.FmtUtils;

/** A constant term, with its id in this execution (a store id or a query-local one). */
public final class ConstExpr extends RowExpr {
    private static final int[] NO_SLOTS = {};
    private final NodeValue value;
    private final long id;

    public ConstExpr(NodeValue value, long id) {
        this.value = value;
        this.id = id;
    }

    public NodeValue value() {
        return value;
    }

    public long id() {
        return id;
    }

    @Override
    public NodeValue eval(long[] row, ExecContext cx) {
        return value;
    }

    @Override
    public long evalId(long[] row, ExecContext cx) {
        return id;
    }

    @Override
    public long integerValue(long[] row, ExecContext cx) {
        return TermId.kind(id) == TermId.KIND_INTEGER ? TermId.integerValue(id) : InlineValues.NOT_INTEGER;
    }

    @Override
    public boolean isTerm() {
        return true;
    }

    @Override
    public int[] slots() {
        return NO_SLOTS;
    }

    @Override
    public String toString() {
        return FmtUtils.stringForNode(value.asNode());
    }
}
