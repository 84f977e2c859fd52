package dev.quarry.engine.exec;

import dev.quarry.store.encoding.TermId;
import java.util.ArrayList;
import java.util.List;

/**
 * MINUS: the left rows for which no right row is compatible while sharing a bound
 * variable. The right side runs once, with no input (as ARQ evaluates it); only the
 * variables both sides can bind ({@code common}) take part.
 */
public final class MinusNode extends PlanNode {
    private final PlanNode left, right;
    private final int[] common;

    public MinusNode(PlanNode left, PlanNode right, int[] common) {
        this.left = left;
        this.right = right;
        this.common = common.clone();
    }

    @Override
    protected RowCursor cursor(ExecContext cx) {
        RowCursor l = left.open(cx);
        RowCursor r = right.open(cx);
        return new RowCursor() {
            private List<long[]> rightRows;

            @Override
            public void start(long[] input) {
                l.start(input);
            }

            @Override
            public boolean next() {
                if (rightRows == null) {
                    rightRows = new ArrayList<>();
                    r.start(Rows.empty(cx.width()));
                    while (r.next()) {
                        cx.step();
                        rightRows.add(r.row().clone());
                    }
                }
                while (l.next()) {
                    if (!removed(l.row())) {
                        return true;
                    }
                }
                return false;
            }

            private boolean removed(long[] row) {
                for (long[] other : rightRows) {
                    cx.step();
                    if (compatibleSharing(row, other)) {
                        return true;
                    }
                }
                return false;
            }

            @Override
            public long[] row() {
                return l.row();
            }

            @Override
            public void close() {
                rightRows = null;
            }
        };
    }

    private boolean compatibleSharing(long[] a, long[] b) {
        boolean shared = false;
        for (int slot : common) {
            long x = a[slot], y = b[slot];
            if (x != TermId.NONE && y != TermId.NONE) {
                if (x != y) {
                    return false;
                }
                shared = true;
            }
        }
        return shared;
    }

    @Override
    public String describe(ExecContext cx) {
        return "Minus";
    }

    @Override
    public List<PlanNode> children() {
        return List.of(left, right);
    }
}
