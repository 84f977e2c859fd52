package dev.quarry.engine.exec;

import java.util.List;

/** VALUES: fixed rows, each joined with the input when compatible. */
public final class TableNode extends PlanNode {
    private final int[] slots;
    private final List<long[]> values;

    /** {@code values}: one array per row, holding the ids of {@code slots} (NONE for UNDEF). */
    public TableNode(int[] slots, List<long[]> values) {
        this.slots = slots.clone();
        this.values = List.copyOf(values);
    }

    @Override
    protected RowCursor cursor(ExecContext cx) {
        List<long[]> rows = new java.util.ArrayList<>(values.size());
        for (long[] v : values) {
            long[] r = new long[cx.width()];
            for (int i = 0; i < slots.length; i++) {
                r[slots[i]] = v[i];
            }
            rows.add(r);
        }
        long[] out = new long[cx.width()];
        long[] input = new long[cx.width()];
        return new RowCursor() {
            private int next;

            @Override
            public void start(long[] in) {
                System.arraycopy(in, 0, input, 0, input.length);
                next = 0;
            }

            @Override
            public boolean next() {
                while (next < rows.size()) {
                    long[] r = rows.get(next++);
                    if (Rows.compatible(input, r)) {
                        Rows.merge(input, r, out);
                        return true;
                    }
                }
                return false;
            }

            @Override
            public long[] row() {
                return out;
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public String describe(ExecContext cx) {
        return "Values (" + values.size() + " rows)";
    }

    @Override
    public List<PlanNode> children() {
        return List.of();
    }
}
