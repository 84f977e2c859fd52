package dev.quarry.engine.expr;

import dev.quarry.engine.exec.ExecContext;
import dev.quarry.store.encoding.TermId;
import org.apache.jena.sparql.expr.ExprEvalException;
import org.apache.jena.sparql.expr.NodeValue;
import org.apache.jena.sparql.expr.nodevalue.XSDFuncOp;

/**
 * A SPARQL expression compiled against the slots of an id row. {@link #eval} gives the
 * value with SPARQL's semantics (an error is an {@link ExprEvalException}, as in ARQ);
 * subclasses for the common cases (variables, constants, comparisons of inline numbers and
 * dates, logic) answer {@link #test} and {@link #evalId} on ids, without decoding terms
 * or raising exceptions. Everything else is ARQ's own evaluation ({@link ArqExpr}).
 */
public abstract class RowExpr {
    /** Results of {@link #test}: SPARQL's three-valued logic for FILTER. */
    public static final int FALSE = 0, TRUE = 1, ERROR = -1;

    /** The value; throws {@link ExprEvalException} for SPARQL's errors (unbound variables included). */
    public abstract NodeValue eval(long[] row, ExecContext cx);

    /** The effective boolean value: {@link #TRUE}, {@link #FALSE} or {@link #ERROR}. */
    public int test(long[] row, ExecContext cx) {
        try {
            return XSDFuncOp.effectiveBooleanValue(eval(row, cx)) ? TRUE : FALSE;
        } catch (ExprEvalException e) {
            return ERROR;
        }
    }

    /** The id of the value ({@link ExecContext#intern}), or {@link TermId#NONE} on an error. */
    public long evalId(long[] row, ExecContext cx) {
        try {
            return cx.intern(eval(row, cx).asNode());
        } catch (ExprEvalException e) {
            return TermId.NONE;
        }
    }

    /**
     * The value as an inline-integer-range long, or {@link InlineValues#NOT_INTEGER} when it is
     * not an xsd:integer computable on ids (then callers fall back to {@link #eval}).
     */
    public long integerValue(long[] row, ExecContext cx) {
        return InlineValues.NOT_INTEGER;
    }

    /** True if {@link #evalId} is the exact term without evaluation (a variable or a constant). */
    public boolean isTerm() {
        return false;
    }

    /** The slots this expression reads. */
    public abstract int[] slots();

    private long slotMask = -1;

    /**
     * The slots this expression reads as a bit mask (slot {@code i} is bit {@code i});
     * computed once. Plans have at most 64 slots (wider queries run on ARQ).
     */
    public final long slotMask() {
        if (slotMask == -1) {
            long m = 0;
            for (int s : slots()) {
                m |= 1L << s;
            }
            slotMask = m;
        }
        return slotMask;
    }

    /**
     * The share of rows a FILTER on this expression is guessed to keep, for join ordering
     * (QLever's guesses: 1/100 for equality, 1/4 for a range bound, 1 for inequality).
     */
    public double selectivity() {
        return 0.5;
    }
}
