package dev.quarry.engine.exec;

import dev.quarry.engine.expr.RowExpr;
import dev.quarry.store.encoding.TermId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.jena.graph.Node;

/**
 * GROUP BY with aggregates: reads all of the child's rows, keys each by the ids of its
 * group keys (the same term is the same id, so grouping needs no decoding) and feeds the
 * group's accumulators; then yields one row per group with the keys and the aggregates'
 * values. With no GROUP BY there is one group, also when there are no rows (then every
 * aggregate has its value for no rows, e.g. COUNT 0), as ARQ does. A key that is unbound
 * or an error is left unbound in the output, and such rows group together.
 */
public final class GroupNode extends PlanNode {
    /** One group key: {@code slot := expr} (a variable, or an expression of GROUP BY). */
    public record Key(int slot, String var, RowExpr expr) {}

    /** One aggregate: makes a fresh accumulator per group, whose value goes to {@code slot}. */
    public interface Aggregate {
        int slot();

        Accumulator newAccumulator();

        /** The value for no rows at all (no GROUP BY, empty input), or null for unbound. */
        Node valueOfNoRows();
    }

    /** The running value of one aggregate in one group. */
    public interface Accumulator {
        void add(long[] row, ExecContext cx);

        /** The id of the value, or {@link TermId#NONE} (an error: the variable stays unbound). */
        long value(ExecContext cx);
    }

    private final PlanNode child;
    private final List<Key> keys;
    private final List<Aggregate> aggregates;
    private final String description;

    public GroupNode(PlanNode child, List<Key> keys, List<Aggregate> aggregates, String description) {
        this.child = child;
        this.keys = List.copyOf(keys);
        this.aggregates = List.copyOf(aggregates);
        this.description = description;
    }

    @Override
    protected RowCursor cursor(ExecContext cx) {
        RowCursor in = child.open(cx);
        long[] row = new long[cx.width()];
        return new RowCursor() {
            private Iterator<Map.Entry<IdTuple, Accumulator[]>> groups;
            private boolean noRowsRow;

            @Override
            public void start(long[] input) {
                in.start(input);
                Map<IdTuple, Accumulator[]> byKey = new LinkedHashMap<>();
                long[] probe = new long[keys.size()];
                IdTuple probeKey = new IdTuple(probe); // looked up with, never stored: a row allocates only for a new group
                Accumulator[] single = null;
                while (in.next()) {
                    long[] r = in.row();
                    cx.nextSolution();
                    for (int i = 0; i < probe.length; i++) {
                        probe[i] = keys.get(i).expr().evalId(r, cx);
                    }
                    Accumulator[] accs = single != null ? single : byKey.get(probeKey);
                    if (accs == null) {
                        accs = newAccumulators();
                        byKey.put(new IdTuple(probe.clone()), accs);
                        if (keys.isEmpty()) {
                            single = accs; // one group: no lookups at all
                        }
                    }
                    for (Accumulator a : accs) {
                        a.add(r, cx);
                    }
                }
                groups = byKey.entrySet().iterator();
                noRowsRow = byKey.isEmpty() && keys.isEmpty();
            }

            private Accumulator[] newAccumulators() {
                Accumulator[] accs = new Accumulator[aggregates.size()];
                for (int i = 0; i < accs.length; i++) {
                    accs[i] = aggregates.get(i).newAccumulator();
                }
                return accs;
            }

            @Override
            public boolean next() {
                Arrays.fill(row, TermId.NONE);
                if (noRowsRow) {
                    noRowsRow = false;
                    for (Aggregate a : aggregates) {
                        Node v = a.valueOfNoRows();
                        row[a.slot()] = v == null ? TermId.NONE : cx.intern(v);
                    }
                    return true;
                }
                if (!groups.hasNext()) {
                    return false;
                }
                Map.Entry<IdTuple, Accumulator[]> g = groups.next();
                long[] ids = g.getKey().ids();
                for (int i = 0; i < ids.length; i++) {
                    row[keys.get(i).slot()] = ids[i];
                }
                Accumulator[] accs = g.getValue();
                for (int i = 0; i < accs.length; i++) {
                    row[aggregates.get(i).slot()] = accs[i].value(cx);
                }
                return true;
            }

            @Override
            public long[] row() {
                return row;
            }

            @Override
            public void close() {
                groups = null;
            }
        };
    }

    @Override
    public String describe(ExecContext cx) {
        return description;
    }

    @Override
    public List<PlanNode> children() {
        return new ArrayList<>(List.of(child));
    }
}
