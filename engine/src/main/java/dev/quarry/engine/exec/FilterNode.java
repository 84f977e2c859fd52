package dev.quarry.engine.exec;

import dev.quarry.engine.expr.RowExpr;
import java.util.List;

/** Rows of the child for which every expression is true (false and errors drop the row). */
public final class FilterNode extends PlanNode {
    private final PlanNode child;
    private final List<RowExpr> exprs;

    public FilterNode(PlanNode child, List<RowExpr> exprs) {
        this.child = child;
        this.exprs = List.copyOf(exprs);
    }

    @Override
    protected RowCursor cursor(ExecContext cx) {
        RowCursor in = child.open(cx);
        return new RowCursor() {
            @Override
            public void start(long[] input) {
                in.start(input);
            }

            @Override
            public boolean next() {
                while (in.next()) {
                    if (passes(in.row())) {
                        return true;
                    }
                }
                return false;
            }

            private boolean passes(long[] row) {
                for (RowExpr e : exprs) {
                    if (e.test(row, cx) != RowExpr.TRUE) {
                        return false;
                    }
                }
                return true;
            }

            @Override
            public long[] row() {
                return in.row();
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public String describe(ExecContext cx) {
        return "Filter " + exprs;
    }

    @Override
    public List<PlanNode> children() {
        return List.of(child);
    }
}
