package dev.quarry.engine.exec;

import java.util.List;

/**
 * One operator of an executable plan over id rows. A plan is a tree of nodes, made by
 * {@link dev.quarry.engine.plan.PlanCompiler} for one execution (constants already
 * resolved to ids); each node makes a {@link RowCursor} that produces its rows for an
 * input row. Nodes are immutable; cursors hold the per-execution state.
 */
public abstract class PlanNode {
    /**
     * A cursor for this node in {@code cx} (wrapped when EXPLAIN counts rows). The context
     * closes it when the query ends: cursors never close one another.
     */
    public final RowCursor open(ExecContext cx) {
        RowCursor c = cx.opened(cursor(cx));
        return cx.explaining() ? cx.profile(this, c) : c;
    }

    /** A new cursor for this node (not yet started); its {@code close} releases only what it holds itself. */
    protected abstract RowCursor cursor(ExecContext cx);

    /** The operator's name and arguments for EXPLAIN, on one line (no children). */
    public abstract String describe(ExecContext cx);

    /** The child nodes, for EXPLAIN. */
    public abstract List<PlanNode> children();

    /** An estimate of the rows this node produces per input row, for EXPLAIN and planning; -1 if unknown. */
    public double estimatedRows() {
        return -1;
    }
}
