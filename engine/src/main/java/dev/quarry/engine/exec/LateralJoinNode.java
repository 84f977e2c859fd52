package dev.quarry.engine.exec;

import dev.quarry.engine.expr.RowExpr;
import java.util.List;

/**
 * Join or OPTIONAL by nested loops: the right side runs once per left row, with the left
 * row as its input, so its patterns seek with the left's values (an index join). Used
 * where substituting the left's values into the right gives the same answers as the
 * join of the two ({@code JoinClassifier} / {@code LeftJoinClassifier}, as ARQ decides
 * for its own index joins). For OPTIONAL, a left row with no right row that satisfies the
 * condition is kept alone.
 */
public final class LateralJoinNode extends PlanNode {
    private final PlanNode left, right;
    private final boolean optional;
    private final List<RowExpr> condition;

    public LateralJoinNode(PlanNode left, PlanNode right, boolean optional, List<RowExpr> condition) {
        this.left = left;
        this.right = right;
        this.optional = optional;
        this.condition = List.copyOf(condition);
    }

    @Override
    protected RowCursor cursor(ExecContext cx) {
        return new Cursor(left.open(cx), right.open(cx), cx);
    }

    private final class Cursor implements RowCursor {
        private final RowCursor l, r;
        private final ExecContext cx;
        private final long[] leftRow;
        private long[] current;
        private boolean inRight;
        private boolean matched;

        Cursor(RowCursor l, RowCursor r, ExecContext cx) {
            this.l = l;
            this.r = r;
            this.cx = cx;
            this.leftRow = new long[cx.width()];
        }

        @Override
        public void start(long[] input) {
            l.start(input);
            inRight = false;
        }

        @Override
        public boolean next() {
            while (true) {
                if (inRight) {
                    while (r.next()) {
                        long[] row = r.row();
                        if (holds(row)) {
                            matched = true;
                            current = row;
                            return true;
                        }
                    }
                    inRight = false;
                    if (optional && !matched) {
                        current = leftRow;
                        return true;
                    }
                }
                if (!l.next()) {
                    return false;
                }
                System.arraycopy(l.row(), 0, leftRow, 0, leftRow.length);
                r.start(leftRow);
                inRight = true;
                matched = false;
            }
        }

        private boolean holds(long[] row) {
            for (RowExpr e : condition) {
                if (e.test(row, cx) != RowExpr.TRUE) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public long[] row() {
            return current;
        }

        @Override
        public void close() {
        }
    }

    @Override
    public String describe(ExecContext cx) {
        return (optional ? "OptionalIndexJoin" : "IndexNestedLoopJoin") + (condition.isEmpty() ? "" : " on " + condition);
    }

    @Override
    public List<PlanNode> children() {
        return List.of(left, right);
    }
}
