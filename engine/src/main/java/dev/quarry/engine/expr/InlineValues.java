package dev.quarry.engine.expr;

import dev.quarry.store.encoding.InlineDateTime;
import dev.quarry.store.encoding.InlineDecimal;
import dev.quarry.store.encoding.TermId;

/**
 * Value comparisons of inline ids without decoding: integers, decimals (and the two
 * mixed), booleans, and dateTimes or dates that both have or both lack a time zone.
 * Anything else is {@link #UNKNOWN}, and the caller asks ARQ, so the result is always
 * SPARQL's (XPath's) answer.
 */
public final class InlineValues {
    /** From {@link #compare}: the ids are not comparable here. */
    public static final int UNKNOWN = Integer.MIN_VALUE;
    /** From {@link RowExpr#integerValue}: no integer computable on ids. */
    public static final long NOT_INTEGER = Long.MIN_VALUE;
    /** Integer results outside this range are left to ARQ (its integers are unbounded). */
    private static final long SAFE = 1L << 62;

    private InlineValues() {}

    /** The order of the values of two ids (-1, 0, 1), or {@link #UNKNOWN}. */
    public static int compare(long a, long b) {
        int ka = TermId.kind(a), kb = TermId.kind(b);
        if (ka == TermId.KIND_INTEGER && kb == TermId.KIND_INTEGER) {
            return Long.compare(TermId.integerValue(a), TermId.integerValue(b));
        }
        if (isNumeric(ka) && isNumeric(kb)) {
            return compareDecimal(a, ka, b, kb);
        }
        if (ka != kb) {
            return UNKNOWN;
        }
        return switch (ka) {
            case TermId.KIND_BOOLEAN -> Boolean.compare(TermId.booleanValue(a), TermId.booleanValue(b));
            case TermId.KIND_DATETIME, TermId.KIND_DATE -> compareTemporal(a, b);
            default -> UNKNOWN;
        };
    }

    private static boolean isNumeric(int kind) {
        return kind == TermId.KIND_INTEGER || kind == TermId.KIND_DECIMAL;
    }

    /** Integer or decimal, at least one decimal: compare unscaled values brought to one scale. */
    private static int compareDecimal(long a, int ka, long b, int kb) {
        long ua = ka == TermId.KIND_INTEGER ? TermId.integerValue(a) : InlineDecimal.unscaled(a);
        long ub = kb == TermId.KIND_INTEGER ? TermId.integerValue(b) : InlineDecimal.unscaled(b);
        int sa = ka == TermId.KIND_INTEGER ? 0 : InlineDecimal.scale(a);
        int sb = kb == TermId.KIND_INTEGER ? 0 : InlineDecimal.scale(b);
        try {
            while (sa < sb) {
                ua = Math.multiplyExact(ua, 10);
                sa++;
            }
            while (sb < sa) {
                ub = Math.multiplyExact(ub, 10);
                sb++;
            }
        } catch (ArithmeticException overflow) {
            return UNKNOWN;
        }
        return Long.compare(ua, ub);
    }

    private static int compareTemporal(long a, long b) {
        boolean za = InlineDateTime.hasZone(a), zb = InlineDateTime.hasZone(b);
        if (za != zb) {
            return UNKNOWN; // XSD: indeterminate within 14 hours; ARQ decides
        }
        if (!za) {
            return Long.compare(InlineDateTime.localOrderKey(a), InlineDateTime.localOrderKey(b));
        }
        return Long.compare(InlineDateTime.epochMillis(a), InlineDateTime.epochMillis(b));
    }

    /** {@code a op b} on integers, or {@link #NOT_INTEGER} if an operand is none or the result leaves the safe range. */
    public static long arithmetic(char op, long a, long b) {
        if (a == NOT_INTEGER || b == NOT_INTEGER) {
            return NOT_INTEGER;
        }
        long r;
        try {
            r = switch (op) {
                case '+' -> Math.addExact(a, b);
                case '-' -> Math.subtractExact(a, b);
                case '*' -> Math.multiplyExact(a, b);
                default -> throw new IllegalArgumentException("operator " + op);
            };
        } catch (ArithmeticException overflow) {
            return NOT_INTEGER;
        }
        return r > -SAFE && r < SAFE ? r : NOT_INTEGER;
    }
}
