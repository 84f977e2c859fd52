package dev.quarry.engine.expr;

import dev.quarry.engine.exec.ExecContext;
import org.apache.jena.sparql.expr.NodeValue;

/**
 * {@code a + b}, {@code a - b} or {@code a * b}: on two inline integers the result is a
 * long ({@link #integerValue}), so a comparison such as {@code ?x < ?y + 120} needs no
 * decoding; otherwise ARQ's own operator ({@link #eval}).
 */
public final class IntegerArithExpr extends RowExpr {
    private final char op;
    private final RowExpr a, b;
    private final RowExpr general;

    /** {@code general} is ARQ's evaluation of the same expression, for the other cases. */
    public IntegerArithExpr(char op, RowExpr a, RowExpr b, RowExpr general) {
        this.op = op;
        this.a = a;
        this.b = b;
        this.general = general;
    }

    @Override
    public long integerValue(long[] row, ExecContext cx) {
        return InlineValues.arithmetic(op, a.integerValue(row, cx), b.integerValue(row, cx));
    }

    @Override
    public NodeValue eval(long[] row, ExecContext cx) {
        long v = integerValue(row, cx);
        return v != InlineValues.NOT_INTEGER ? NodeValue.makeInteger(v) : general.eval(row, cx);
    }

    @Override
    public int[] slots() {
        return Slots.union(a.slots(), b.slots());
    }

    @Override
    public String toString() {
        return "(" + a + " " + op + " " + b + ")";
    }
}
