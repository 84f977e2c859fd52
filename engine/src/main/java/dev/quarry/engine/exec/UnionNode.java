package dev.quarry.engine.exec;

import java.util.List;

/** UNION: the rows of each branch in turn, each branch started on the same input. */
public final class UnionNode extends PlanNode {
    private final List<PlanNode> branches;

    public UnionNode(List<PlanNode> branches) {
        this.branches = List.copyOf(branches);
    }

    @Override
    protected RowCursor cursor(ExecContext cx) {
        RowCursor[] cursors = new RowCursor[branches.size()];
        for (int i = 0; i < cursors.length; i++) {
            cursors[i] = branches.get(i).open(cx);
        }
        return new RowCursor() {
            private final long[] input = new long[cx.width()];
            private int branch;

            @Override
            public void start(long[] in) {
                System.arraycopy(in, 0, input, 0, input.length);
                branch = 0;
                cursors[0].start(input);
            }

            @Override
            public boolean next() {
                while (branch < cursors.length) {
                    if (cursors[branch].next()) {
                        return true;
                    }
                    if (++branch < cursors.length) {
                        cursors[branch].start(input);
                    }
                }
                return false;
            }

            @Override
            public long[] row() {
                return cursors[branch].row();
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public String describe(ExecContext cx) {
        return "Union";
    }

    @Override
    public List<PlanNode> children() {
        return branches;
    }
}
