package dev.quarry.engine.exec;

import dev.quarry.engine.expr.CompareExpr;
import dev.quarry.engine.expr.InlineValues;
import dev.quarry.engine.expr.RowExpr;
import dev.quarry.engine.expr.VarExpr;
import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermId;
import java.util.ArrayList;
import java.util.List;

/**
 * The range filters on a pattern's object ({@code ?o < e}, {@code e >= ?o}, {@code ?o = e}
 * with {@code e} an integer known before the pattern runs, e.g. {@code ?orig + 120}) as
 * ranges of object ids, so that the pattern reads only those parts of an index
 * ({@link dev.quarry.store.QuadCursor#seekObjects}). The ranges hold every id whose term
 * can pass the filters: inline integers in the interval and, because their values are
 * not in their ids, every dictionary term (a non-canonical or huge integer, an xsd:int,
 * a double, ...) and every inline decimal. Dates, booleans and strings never compare as
 * numbers, so they are skipped. The filters still run on every row: the ranges only
 * leave out quads that cannot pass.
 */
final class ObjectRange {
    /**
     * At most this many values {@link #fill} writes: four ranges (dictionary ids, integers from 0,
     * negative integers, decimals), two ends each.
     */
    static final int MAX_BOUNDS = 8;

    private final CompareExpr.Op[] ops;
    private final RowExpr[] bounds;
    private final String text;

    private ObjectRange(CompareExpr.Op[] ops, RowExpr[] bounds, String text) {
        this.ops = ops;
        this.bounds = bounds;
        this.text = text;
    }

    /**
     * The ranges given by those of {@code filterIndexes} (filters run right after the
     * pattern) that compare the pattern's object with an expression of {@code boundBefore}
     * slots; null if there are none or the object is not a variable first bound here.
     */
    static ObjectRange of(QuadPatternIds p, List<RowExpr> filters, int[] filterIndexes, long boundBefore) {
        if (p.isBound(Permutation.O, boundBefore)) {
            return null;
        }
        int slot = p.slots[Permutation.O];
        List<CompareExpr.Op> ops = new ArrayList<>();
        List<RowExpr> bounds = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (int f : filterIndexes) {
            if (!(filters.get(f) instanceof CompareExpr c) || c.op() == CompareExpr.Op.NE) {
                continue;
            }
            if (isSlot(c.left(), slot) && (c.right().slotMask() & ~boundBefore) == 0) {
                ops.add(c.op());
                bounds.add(c.right());
            } else if (isSlot(c.right(), slot) && (c.left().slotMask() & ~boundBefore) == 0) {
                ops.add(c.op().swapped());
                bounds.add(c.left());
            } else {
                continue;
            }
            texts.add(c.toString());
        }
        if (ops.isEmpty()) {
            return null;
        }
        return new ObjectRange(ops.toArray(new CompareExpr.Op[0]), bounds.toArray(new RowExpr[0]), String.join(" ", texts));
    }

    private static boolean isSlot(RowExpr e, int slot) {
        return e instanceof VarExpr v && v.slot() == slot;
    }

    /**
     * Writes the object id ranges for {@code row} into {@code out} (at least {@link #MAX_BOUNDS}
     * long), as {@code [from0, to0, from1, to1, ...]} in index order, and returns how many
     * values it wrote; -1 if a bound is not an integer for this row (then the whole pattern is
     * read and the filters decide).
     */
    int fill(long[] row, ExecContext cx, long[] out) {
        long lo = TermId.minInlineInteger();
        long hi = TermId.maxInlineInteger();
        for (int i = 0; i < ops.length; i++) {
            long v = bounds[i].integerValue(row, cx);
            if (v == InlineValues.NOT_INTEGER) {
                return -1;
            }
            switch (ops[i]) {
                case LT -> hi = Math.min(hi, v - 1);
                case LE -> hi = Math.min(hi, v);
                case GT -> lo = Math.max(lo, v + 1);
                case GE -> lo = Math.max(lo, v);
                case EQ -> {
                    lo = Math.max(lo, v);
                    hi = Math.min(hi, v);
                }
                default -> throw new IllegalStateException("not a range: " + ops[i]);
            }
        }
        int n = 0;
        out[n++] = TermId.firstOfKind(TermId.KIND_DICT);
        out[n++] = TermId.lastOfKind(TermId.KIND_DICT);
        if (lo <= hi) {
            // Inline integers are 56-bit two's complement: the ids of 0..max come before those of min..-1.
            if (hi >= 0) {
                out[n++] = TermId.inlineInteger(Math.max(lo, 0));
                out[n++] = TermId.inlineInteger(hi);
            }
            if (lo < 0) {
                out[n++] = TermId.inlineInteger(lo);
                out[n++] = TermId.inlineInteger(Math.min(hi, -1));
            }
        }
        out[n++] = TermId.firstOfKind(TermId.KIND_DECIMAL);
        out[n++] = TermId.lastOfKind(TermId.KIND_DECIMAL);
        return n;
    }

    @Override
    public String toString() {
        return text;
    }
}
