package dev.quarry.engine.expr;

import dev.quarry.engine.exec.ExecContext;
import dev.quarry.store.encoding.TermId;

/**
 * {@code =, !=, <, <=, >, >=}. Answered on ids where that is exactly SPARQL's answer:
 * when one side is a constant IRI or blank node, {@code =} is "same term" (RDFterm-equal
 * is false, not an error, between an IRI and anything else); integers and integer
 * arithmetic compare as longs; other inline numbers, booleans and dates by
 * {@link InlineValues}. Everything else goes to ARQ ({@code general}).
 */
public final class CompareExpr extends BooleanExpr {
    /** The comparison operators. */
    public enum Op {
        EQ("="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">=");

        final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }

        /** The operator with its operands swapped: {@code a < b} is {@code b > a}. */
        public Op swapped() {
            return switch (this) {
                case LT -> GT;
                case LE -> GE;
                case GT -> LT;
                case GE -> LE;
                default -> this;
            };
        }

        boolean holds(int order) {
            return switch (this) {
                case EQ -> order == 0;
                case NE -> order != 0;
                case LT -> order < 0;
                case LE -> order <= 0;
                case GT -> order > 0;
                case GE -> order >= 0;
            };
        }
    }

    private final Op op;
    private final RowExpr a, b;
    private final boolean termEquality;
    private final RowExpr general;

    /**
     * @param termEquality true if {@code =}/{@code !=} may be decided by id equality (one side is a
     *                     constant IRI or blank node)
     * @param general      ARQ's evaluation of the same comparison
     */
    public CompareExpr(Op op, RowExpr a, RowExpr b, boolean termEquality, RowExpr general) {
        this.op = op;
        this.a = a;
        this.b = b;
        this.termEquality = termEquality && (op == Op.EQ || op == Op.NE);
        this.general = general;
    }

    public Op op() {
        return op;
    }

    public RowExpr left() {
        return a;
    }

    public RowExpr right() {
        return b;
    }

    @Override
    public int test(long[] row, ExecContext cx) {
        if (termEquality) {
            long x = a.evalId(row, cx), y = b.evalId(row, cx);
            if (x == TermId.NONE || y == TermId.NONE) {
                return ERROR;
            }
            return op.holds(x == y ? 0 : 1) ? TRUE : FALSE;
        }
        long ix = a.integerValue(row, cx), iy = b.integerValue(row, cx);
        if (ix != InlineValues.NOT_INTEGER && iy != InlineValues.NOT_INTEGER) {
            return op.holds(Long.compare(ix, iy)) ? TRUE : FALSE;
        }
        if (a.isTerm() && b.isTerm()) {
            long x = a.evalId(row, cx), y = b.evalId(row, cx);
            if (x == TermId.NONE || y == TermId.NONE) {
                return ERROR; // an unbound variable
            }
            int order = InlineValues.compare(x, y);
            if (order != InlineValues.UNKNOWN) {
                return op.holds(order) ? TRUE : FALSE;
            }
        }
        return general.test(row, cx);
    }


    @Override
    public int[] slots() {
        return Slots.union(a.slots(), b.slots());
    }

    @Override
    public double selectivity() {
        return switch (op) {
            case EQ -> 0.01;
            case NE -> 1.0;
            default -> 0.25;
        };
    }

    @Override
    public String toString() {
        return "(" + a + " " + op.symbol + " " + b + ")";
    }
}
