package dev.quarry.engine.exec;

import dev.quarry.store.encoding.TermId;
import java.util.HashSet;
import java.util.Set;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.NodeValue;
import org.apache.jena.sparql.expr.aggregate.Aggregator;

/**
 * The aggregates of {@link GroupNode}: COUNT(*), COUNT(?x) and COUNT(DISTINCT ?x) on ids
 * (no decoding: a distinct id is a distinct term); every other aggregate through ARQ's
 * own accumulator, fed a binding of the variables it reads, so SUM, AVG, MIN, MAX,
 * SAMPLE, GROUP_CONCAT and the rest keep ARQ's semantics (numeric promotion, errors,
 * ordering) exactly.
 */
public final class Aggregates {
    private Aggregates() {}

    /** COUNT(*): the group's rows. */
    public static GroupNode.Aggregate countRows(int slot) {
        return new Native(slot, () -> new Counter() {
            @Override
            public void add(long[] row, ExecContext cx) {
                n++;
            }
        });
    }

    /** COUNT(?x): the rows that bind {@code arg}. */
    public static GroupNode.Aggregate countBound(int slot, int arg) {
        return new Native(slot, () -> new Counter() {
            @Override
            public void add(long[] row, ExecContext cx) {
                if (row[arg] != TermId.NONE) {
                    n++;
                }
            }
        });
    }

    /** COUNT(DISTINCT ?x): the distinct values of {@code arg} in the group. */
    public static GroupNode.Aggregate countDistinct(int slot, int arg) {
        return new Native(slot, () -> new GroupNode.Accumulator() {
            private final Set<Long> seen = new HashSet<>();

            @Override
            public void add(long[] row, ExecContext cx) {
                if (row[arg] != TermId.NONE) {
                    seen.add(row[arg]);
                }
            }

            @Override
            public long value(ExecContext cx) {
                return cx.intern(NodeValue.makeInteger(seen.size()).asNode());
            }
        });
    }

    /**
     * Any aggregate by ARQ's accumulator; {@code slots[i]} holds {@code vars[i]}, the
     * variables its expressions read.
     */
    public static GroupNode.Aggregate arq(int slot, Aggregator aggregator, int[] slots, Var[] vars) {
        return new GroupNode.Aggregate() {
            @Override
            public int slot() {
                return slot;
            }

            @Override
            public GroupNode.Accumulator newAccumulator() {
                org.apache.jena.sparql.expr.aggregate.Accumulator acc = aggregator.createAccumulator();
                return new GroupNode.Accumulator() {
                    @Override
                    public void add(long[] row, ExecContext cx) {
                        acc.accumulate(cx.binding(row, slots, vars), cx.functionEnv());
                    }

                    @Override
                    public long value(ExecContext cx) {
                        try {
                            NodeValue v = acc.getValue();
                            return v == null ? TermId.NONE : cx.intern(v.asNode());
                        } catch (org.apache.jena.sparql.expr.ExprEvalException e) {
                            return TermId.NONE;
                        }
                    }
                };
            }

            @Override
            public Node valueOfNoRows() {
                return aggregator.getValueEmpty();
            }
        };
    }

    private abstract static class Counter implements GroupNode.Accumulator {
        long n;

        @Override
        public long value(ExecContext cx) {
            return cx.intern(NodeValue.makeInteger(n).asNode());
        }
    }

    private record Native(int slot, java.util.function.Supplier<GroupNode.Accumulator> factory)
            implements GroupNode.Aggregate {
        @Override
        public GroupNode.Accumulator newAccumulator() {
            return factory.get();
        }

        @Override
        public Node valueOfNoRows() {
            return NodeValue.makeInteger(0).asNode();
        }
    }
}
