package dev.quarry.engine.expr;

import dev.quarry.engine.exec.ExecContext;
import dev.quarry.store.encoding.TermId;

/** sameTerm(a, b): id equality, since equal terms have equal ids in a query. */
public final class SameTermExpr extends BooleanExpr {
    private final RowExpr a, b;

    public SameTermExpr(RowExpr a, RowExpr b) {
        this.a = a;
        this.b = b;
    }

    @Override
    public int test(long[] row, ExecContext cx) {
        long x = a.evalId(row, cx), y = b.evalId(row, cx);
        if (x == TermId.NONE || y == TermId.NONE) {
            return ERROR;
        }
        return x == y ? TRUE : FALSE;
    }


    @Override
    public int[] slots() {
        return Slots.union(a.slots(), b.slots());
    }

    @Override
    public double selectivity() {
        return 0.01;
    }

    @Override
    public String toString() {
        return "sameTerm(" + a + ", " + b + ")";
    }
}
