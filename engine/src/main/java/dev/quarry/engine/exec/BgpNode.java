package dev.quarry.engine.exec;

import dev.quarry.engine.expr.RowExpr;
import java.util.ArrayList;
import java.util.List;

/**
 * A basic graph pattern (quad patterns over one graph context) with the FILTERs that
 * apply to it alone, solved by nested-loop index joins on ids ({@link BgpCursor}). The
 * join order is chosen when the cursor first starts, from the variables its input binds
 * ({@link JoinOrder}); each filter is checked at the level that binds its last variable.
 */
public final class BgpNode extends PlanNode {
    final List<QuadPatternIds> patterns;
    final List<RowExpr> filters;
    /** A constant of the pattern is not in the store: no solution, no scan. */
    final boolean empty;
    /** Only distinct combinations of {@link #needed} matter above (see {@code Needs}). */
    final boolean distinct;
    /** The slots the operators above read (a bit mask). */
    final long needed;

    /** A BGP whose every row counts (no DISTINCT above). */
    public BgpNode(List<QuadPatternIds> patterns, List<RowExpr> filters, boolean empty) {
        this(patterns, filters, empty, false, 0);
    }

    /**
     * {@code distinct}: only the distinct combinations of the {@code needed} slots matter
     * above, so rows that differ only in slots nothing reads any more are dropped as soon as
     * those slots are bound (a DISTINCT pushed down).
     */
    public BgpNode(List<QuadPatternIds> patterns, List<RowExpr> filters, boolean empty, boolean distinct, long needed) {
        this.patterns = List.copyOf(patterns);
        this.filters = List.copyOf(filters);
        this.empty = empty;
        this.distinct = distinct;
        this.needed = needed;
    }

    @Override
    protected RowCursor cursor(ExecContext cx) {
        return empty ? new EmptyCursor(cx.width()) : new BgpCursor(this, cx, cx.width());
    }

    @Override
    public String describe(ExecContext cx) {
        return empty ? "IndexJoin (a constant is not in the store: no rows)" : "IndexJoin";
    }

    /** The patterns and filters as written, one per line (EXPLAIN shows the executed order instead when it ran). */
    public List<String> details() {
        List<String> lines = new ArrayList<>();
        for (QuadPatternIds p : patterns) {
            lines.add(p.text());
        }
        for (RowExpr f : filters) {
            lines.add("filter " + f);
        }
        return lines;
    }

    @Override
    public List<PlanNode> children() {
        return List.of();
    }
}
