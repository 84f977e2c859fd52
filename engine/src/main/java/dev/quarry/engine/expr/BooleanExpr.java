package dev.quarry.engine.expr;

import dev.quarry.engine.exec.ExecContext;
import org.apache.jena.sparql.expr.ExprEvalException;
import org.apache.jena.sparql.expr.NodeValue;

/**
 * An expression whose value is a boolean decided on ids by {@link #test}; its
 * {@link #eval} is that test as a value (an error raised as ARQ raises it).
 */
abstract class BooleanExpr extends RowExpr {
    @Override
    public abstract int test(long[] row, ExecContext cx);

    @Override
    public final NodeValue eval(long[] row, ExecContext cx) {
        int r = test(row, cx);
        if (r == ERROR) {
            throw new ExprEvalException(this + ": error");
        }
        return NodeValue.booleanReturn(r == TRUE);
    }
}
