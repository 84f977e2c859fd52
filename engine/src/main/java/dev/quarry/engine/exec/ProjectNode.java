package dev.quarry.engine.exec;

import java.util.List;

/**
 * Projection (SELECT's variable list, a sub-query's scope): the child's rows with the
 * slots of its own non-projected variables cleared, so that DISTINCT and the joins above
 * see only what the projection lets out. Slots bound by the input are kept.
 */
public final class ProjectNode extends PlanNode {
    private final PlanNode child;
    private final int[] hidden;
    private final List<String> projected;

    /** {@code hidden}: the slots the child binds that the projection does not let out. */
    public ProjectNode(PlanNode child, int[] hidden, List<String> projected) {
        this.child = child;
        this.hidden = hidden.clone();
        this.projected = List.copyOf(projected);
    }

    @Override
    protected RowCursor cursor(ExecContext cx) {
        RowCursor in = child.open(cx);
        long[] row = new long[cx.width()];
        long[] input = new long[cx.width()];
        return new RowCursor() {
            @Override
            public void start(long[] in0) {
                System.arraycopy(in0, 0, input, 0, input.length);
                in.start(in0);
            }

            @Override
            public boolean next() {
                if (!in.next()) {
                    return false;
                }
                System.arraycopy(in.row(), 0, row, 0, row.length);
                for (int slot : hidden) {
                    row[slot] = input[slot]; // unbound unless the input binds it
                }
                return true;
            }

            @Override
            public long[] row() {
                return row;
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public String describe(ExecContext cx) {
        return "Project " + projected;
    }

    @Override
    public List<PlanNode> children() {
        return List.of(child);
    }
}
