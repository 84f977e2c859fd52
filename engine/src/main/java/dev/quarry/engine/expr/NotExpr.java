package dev.quarry.engine.expr;

import dev.quarry.engine.exec.ExecContext;

/** {@code !a}: an error stays an error. */
public final class NotExpr extends BooleanExpr {
    private final RowExpr a;

    public NotExpr(RowExpr a) {
        this.a = a;
    }

    @Override
    public int test(long[] row, ExecContext cx) {
        int x = a.test(row, cx);
        return x == ERROR ? ERROR : (x == TRUE ? FALSE : TRUE);
    }


    @Override
    public int[] slots() {
        return a.slots();
    }

    @Override
    public String toString() {
        return "!" + a;
    }
}
