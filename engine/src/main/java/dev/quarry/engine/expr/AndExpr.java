package dev.quarry.engine.expr;

import dev.quarry.engine.exec.ExecContext;

/** {@code a && b} in SPARQL's three-valued logic (false wins over an error). */
public final class AndExpr extends BooleanExpr {
    private final RowExpr a, b;

    public AndExpr(RowExpr a, RowExpr b) {
        this.a = a;
        this.b = b;
    }

    @Override
    public int test(long[] row, ExecContext cx) {
        int x = a.test(row, cx);
        if (x == FALSE) {
            return FALSE;
        }
        int y = b.test(row, cx);
        if (y == FALSE) {
            return FALSE;
        }
        return x == TRUE && y == TRUE ? TRUE : ERROR;
    }


    @Override
    public int[] slots() {
        return Slots.union(a.slots(), b.slots());
    }

    @Override
    public double selectivity() {
        return a.selectivity() * b.selectivity();
    }

    @Override
    public String toString() {
        return "(" + a + " && " + b + ")";
    }
}
