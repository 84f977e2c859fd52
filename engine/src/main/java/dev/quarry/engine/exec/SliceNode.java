package dev.quarry.engine.exec;

import java.util.List;

/** OFFSET / LIMIT: skips {@code offset} rows, then passes at most {@code limit} ({@code -1}: no limit). */
public final class SliceNode extends PlanNode {
    private final PlanNode child;
    private final long offset, limit;

    public SliceNode(PlanNode child, long offset, long limit) {
        this.child = child;
        this.offset = Math.max(0, offset);
        this.limit = limit;
    }

    @Override
    protected RowCursor cursor(ExecContext cx) {
        RowCursor in = child.open(cx);
        return new RowCursor() {
            private long seen;

            @Override
            public void start(long[] input) {
                in.start(input);
                seen = 0;
            }

            @Override
            public boolean next() {
                while (seen < offset) {
                    if (!in.next()) {
                        return false;
                    }
                    seen++;
                }
                if (limit >= 0 && seen >= offset + limit) {
                    return false;
                }
                if (!in.next()) {
                    return false;
                }
                seen++;
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
        return "Slice offset " + offset + (limit >= 0 ? " limit " + limit : "");
    }

    @Override
    public List<PlanNode> children() {
        return List.of(child);
    }
}
