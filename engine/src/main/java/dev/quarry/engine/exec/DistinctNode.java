package dev.quarry.engine.exec;

import java.util.Arrays;
import java.util.List;

/**
 * DISTINCT on ids (equal terms have equal ids in a query, so no term is decoded); REDUCED
 * only drops a row equal to the one before it (SPARQL lets it drop any duplicates).
 */
public final class DistinctNode extends PlanNode {
    private final PlanNode child;
    private final boolean reduced;

    public DistinctNode(PlanNode child, boolean reduced) {
        this.child = child;
        this.reduced = reduced;
    }

    @Override
    protected RowCursor cursor(ExecContext cx) {
        RowCursor in = child.open(cx);
        return new RowCursor() {
            private IdTupleSet seen; // made at the first row, as wide as the rows
            private long[] previous;

            @Override
            public void start(long[] input) {
                in.start(input);
                if (seen != null) {
                    seen.clear();
                }
                previous = null;
            }

            @Override
            public boolean next() {
                while (in.next()) {
                    long[] row = in.row();
                    if (reduced) {
                        if (previous != null && Arrays.equals(previous, row)) {
                            continue;
                        }
                        previous = row.clone();
                        return true;
                    }
                    if (seen == null) {
                        seen = new IdTupleSet(row.length);
                    }
                    if (seen.add(row)) {
                        return true;
                    }
                    cx.step();
                }
                return false;
            }

            @Override
            public long[] row() {
                return in.row();
            }

            @Override
            public void close() {
                seen = null;
            }
        };
    }

    @Override
    public String describe(ExecContext cx) {
        return reduced ? "Reduced" : "Distinct";
    }

    @Override
    public List<PlanNode> children() {
        return List.of(child);
    }
}
