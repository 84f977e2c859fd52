package dev.quarry.engine.exec;

import dev.quarry.engine.expr.RowExpr;
import dev.quarry.store.encoding.TermId;
import java.util.List;

/**
 * BIND / SELECT expressions: each row of the child with slots set to expression values
 * (left unbound when the expression is an error, as SPARQL says). A slot the row already
 * binds keeps the row only if the value is the same term.
 */
public final class ExtendNode extends PlanNode {
    /** One assignment: {@code slot := expr}. */
    public record Assignment(int slot, String var, RowExpr expr) {}

    private final PlanNode child;
    private final List<Assignment> assignments;

    public ExtendNode(PlanNode child, List<Assignment> assignments) {
        this.child = child;
        this.assignments = List.copyOf(assignments);
    }

    @Override
    protected RowCursor cursor(ExecContext cx) {
        RowCursor in = child.open(cx);
        long[] row = new long[cx.width()];
        return new RowCursor() {
            @Override
            public void start(long[] input) {
                in.start(input);
            }

            @Override
            public boolean next() {
                while (in.next()) {
                    System.arraycopy(in.row(), 0, row, 0, row.length);
                    if (assign()) {
                        return true;
                    }
                }
                return false;
            }

            private boolean assign() {
                cx.nextSolution();
                for (Assignment a : assignments) {
                    long id = a.expr().evalId(row, cx);
                    long old = row[a.slot()];
                    if (old != TermId.NONE && id != TermId.NONE && old != id) {
                        return false;
                    }
                    if (old == TermId.NONE) {
                        row[a.slot()] = id;
                    }
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
        StringBuilder sb = new StringBuilder("Extend");
        for (Assignment a : assignments) {
            sb.append(' ').append(a.var()).append(" := ").append(a.expr());
        }
        return sb.toString();
    }

    @Override
    public List<PlanNode> children() {
        return List.of(child);
    }
}
