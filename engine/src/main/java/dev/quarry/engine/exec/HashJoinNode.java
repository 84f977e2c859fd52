package dev.quarry.engine.exec;

import dev.quarry.engine.expr.RowExpr;
import dev.quarry.store.encoding.TermId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Join or OPTIONAL of two independently evaluated sides: the right side runs once, with no
 * input, and its rows are kept in memory, hashed on the slots every one of them binds;
 * each left row joins the compatible ones (for
 * OPTIONAL, with the condition; a left row without a match is kept alone). For joins
 * whose right side must not see the left's values (a sub-query with LIMIT, a BIND,
 * MINUS, a filter on a variable the left binds: what {@code JoinClassifier} rejects).
 */
public final class HashJoinNode extends PlanNode {
    private final PlanNode left, right;
    private final boolean optional;
    private final List<RowExpr> condition;

    public HashJoinNode(PlanNode left, PlanNode right, boolean optional, List<RowExpr> condition) {
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
        private final long[] out;
        private List<long[]> rightRows;
        /** Slots bound in every right row: the hash key. */
        private int[] keySlots;
        private Map<Long, List<long[]>> byKey;
        private List<long[]> candidates;
        private long[] current;
        private boolean haveLeft;
        private int next;
        private boolean matched;

        Cursor(RowCursor l, RowCursor r, ExecContext cx) {
            this.l = l;
            this.r = r;
            this.cx = cx;
            this.leftRow = new long[cx.width()];
            this.out = new long[cx.width()];
        }

        @Override
        public void start(long[] input) {
            l.start(input);
            haveLeft = false;
        }

        private void materialize() {
            rightRows = new ArrayList<>();
            r.start(Rows.empty(cx.width()));
            boolean[] always = null;
            while (r.next()) {
                cx.step();
                long[] row = r.row().clone();
                rightRows.add(row);
                if (always == null) {
                    always = new boolean[row.length];
                    Arrays.fill(always, true);
                }
                for (int i = 0; i < row.length; i++) {
                    always[i] &= row[i] != TermId.NONE;
                }
            }
            List<Integer> keys = new ArrayList<>();
            for (int i = 0; always != null && i < always.length; i++) {
                if (always[i]) {
                    keys.add(i);
                }
            }
            keySlots = keys.stream().mapToInt(Integer::intValue).toArray();
            byKey = new HashMap<>();
            for (long[] row : rightRows) {
                byKey.computeIfAbsent(hash(row), k -> new ArrayList<>()).add(row);
            }
        }

        private long hash(long[] row) {
            long h = 17;
            for (int slot : keySlots) {
                h = (h ^ row[slot]) * 0x9E3779B97F4A7C15L;
            }
            return h;
        }

        /** The right rows that may be compatible with the left row: its hash bucket when it binds every key slot. */
        private List<long[]> candidatesFor(long[] row) {
            for (int slot : keySlots) {
                if (row[slot] == TermId.NONE) {
                    return rightRows;
                }
            }
            return byKey.getOrDefault(hash(row), List.of());
        }

        @Override
        public boolean next() {
            if (rightRows == null) {
                materialize();
            }
            while (true) {
                if (haveLeft) {
                    while (next < candidates.size()) {
                        long[] candidate = candidates.get(next++);
                        cx.step();
                        if (Rows.compatible(leftRow, candidate)) {
                            Rows.merge(leftRow, candidate, out);
                            if (holds(out)) {
                                matched = true;
                                current = out;
                                return true;
                            }
                        }
                    }
                    haveLeft = false;
                    if (optional && !matched) {
                        current = leftRow;
                        return true;
                    }
                }
                if (!l.next()) {
                    return false;
                }
                System.arraycopy(l.row(), 0, leftRow, 0, leftRow.length);
                haveLeft = true;
                candidates = candidatesFor(leftRow);
                next = 0;
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
            rightRows = null;
            byKey = null;
        }
    }

    @Override
    public String describe(ExecContext cx) {
        return (optional ? "OptionalJoin (right side evaluated once)" : "Join (right side evaluated once)")
                + (condition.isEmpty() ? "" : " on " + condition);
    }

    @Override
    public List<PlanNode> children() {
        return List.of(left, right);
    }
}
