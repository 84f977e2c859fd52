package dev.quarry.engine.expr;

import dev.quarry.engine.exec.ExecContext;
import org.apache.jena.sparql.expr.ExprEvalException;
import org.apache.jena.sparql.expr.NodeValue;

/** {@code !a}: an error stays an error. */
public final class NotExpr extends RowExpr {
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
    public NodeValue eval(long[] row, ExecContext cx) {
        int r = test(row, cx);
        if (r == ERROR) {
            throw new ExprEvalException("error in !");
        }
        return NodeValue.booleanReturn(r == TRUE);
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
