package dev.quarry.engine.expr;

import dev.quarry.engine.exec.ExecContext;
import dev.quarry.engine.exec.PlanNode;
import dev.quarry.engine.exec.RowCursor;
import org.apache.jena.sparql.expr.NodeValue;

/**
 * EXISTS / NOT EXISTS: the pattern evaluated with the row's bindings substituted (the
 * row is its input, as SPARQL 1.1 defines it); true at the first solution. A variable bound
 * to a blank node stands for that blank node, as a constant (SPARQL 1.1's wording makes it
 * a variable of the pattern; ARQ is inconsistent there, and the SPARQL 1.2 work treats
 * bound values as constants, as other engines do).
 */
public final class ExistsExpr extends RowExpr {
    private final PlanNode pattern;
    private final boolean negated;
    private final int[] slots;
    private RowCursor cursor;

    /** {@code slots}: the variables of the pattern that an outer row may bind. */
    public ExistsExpr(PlanNode pattern, boolean negated, int[] slots) {
        this.pattern = pattern;
        this.negated = negated;
        this.slots = slots;
    }

    @Override
    public int test(long[] row, ExecContext cx) {
        if (cursor == null) {
            cursor = pattern.open(cx);
        }
        cursor.start(row);
        return cursor.next() != negated ? TRUE : FALSE;
    }

    @Override
    public NodeValue eval(long[] row, ExecContext cx) {
        return NodeValue.booleanReturn(test(row, cx) == TRUE);
    }

    @Override
    public int[] slots() {
        return slots.clone();
    }

    public PlanNode pattern() {
        return pattern;
    }

    @Override
    public String toString() {
        return (negated ? "NOT EXISTS" : "EXISTS") + " { ... }";
    }
}
