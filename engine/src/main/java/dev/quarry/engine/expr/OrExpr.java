package dev.quarry.engine.expr;

import dev.quarry.engine.exec.ExecContext;

/** {@code a || b} in SPARQL's three-valued logic (true wins over an error). */
public final class OrExpr extends BooleanExpr {
    private final RowExpr a, b;

    public OrExpr(RowExpr a, RowExpr b) {
        this.a = a;
        this.b = b;
    }

    @Override
    public int test(long[] row, ExecContext cx) {
        int x = a.test(row, cx);
        if (x == TRUE) {
            return TRUE;
        }
        int y = b.test(row, cx);
        if (y == TRUE) {
            return TRUE;
        }
        return x == FALSE && y == FALSE ? FALSE : ERROR;
    }


    @Override
    public int[] slots() {
        return Slots.union(a.slots(), b.slots());
    }

    @Override
    public double selectivity() {
        return Math.min(1.0, a.selectivity() + b.selectivity());
    }

    @Override
    public String toString() {
        return "(" + a + " || " + b + ")";
    }
}
