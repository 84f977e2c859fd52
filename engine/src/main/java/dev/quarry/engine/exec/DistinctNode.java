package dev.quarry.engine.exec;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

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
            private final Set<IdTuple> seen = new HashSet<>();
            private long[] previous;

            @Override
            public void start(long[] input) {
                in.start(input);
                seen.clear();
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
                    if (seen.add(new IdTuple(row.clone()))) {
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
                seen.clear();
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
