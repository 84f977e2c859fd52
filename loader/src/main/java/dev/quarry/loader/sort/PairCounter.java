package dev.quarry.loader.sort;

import java.util.Arrays;

/**
 * Counts (graph, predicate) pairs in primitive arrays: the statistics of a load.
 *
 * <p>Two tables, because the merge that counts (POSG) keeps a predicate's quads together while
 * their graphs change from key to key: the current predicate's graphs are counted in a small
 * table keyed by graph alone, added to the table of all pairs when the predicate changes. With
 * one table of all pairs, every key of a named-graph dump probed a table of (graphs x
 * predicates) slots spread over four arrays: 100 M generated N-Quads (a graph per producer) spent
 * 29.8 CPU-s here (3.7 % of the load), most of it waiting for memory; 14.0 now. Both tables keep
 * a slot's fields side by side, so that a probe reads one cache line. Pairs in no order (SPOG's,
 * when it counts for a load into a non-empty store) pay for a flush a key: ~35 ns against ~19
 * in a microbenchmark, beside that merge's point read of the store for every key.
 */
final class PairCounter {
    interface Visitor {
        void visit(long graph, long predicate, long count);
    }

    /** A counter that drops what it is given (see {@link #discarding}). */
    private final boolean discards;

    /** Slots of (graph, predicate, count); count 0 = empty. */
    private long[] pairs = new long[3 * 64];
    private int pairCount;

    /** The current predicate's graphs: slots of (graph, count); count 0 = empty. */
    private long[] graphs = new long[2 * 16];
    /** The slots of {@link #graphs} in use, in the order they were taken. */
    private int[] graphSlots = new int[8];
    private int graphCount;
    private long predicate;
    /** The slot of {@link #graphs} counted last (-1: none), for runs of one graph. */
    private int lastSlot = -1;

    PairCounter() {
        this(false);
    }

    private PairCounter(boolean discards) {
        this.discards = discards;
    }

    /** A counter that counts nothing: for a merge loop that takes the same branches whether its counts are kept or not. */
    static PairCounter discarding() {
        return new PairCounter(true);
    }

    void add(long graph, long predicate) {
        if (discards) {
            return;
        }
        if (predicate != this.predicate) {
            flushGraphs();
            this.predicate = predicate;
        } else if (lastSlot >= 0 && graphs[lastSlot] == graph) {
            graphs[lastSlot + 1]++;
            return;
        }
        long[] t = graphs;
        int mask = (t.length >> 1) - 1;
        for (int i = (int) mix(graph) & mask; ; i = (i + 1) & mask) {
            int x = i << 1;
            if (t[x + 1] == 0) {
                t[x] = graph;
                t[x + 1] = 1;
                lastSlot = x;
                if (graphCount == graphSlots.length) {
                    graphSlots = Arrays.copyOf(graphSlots, graphCount * 2);
                }
                graphSlots[graphCount++] = x;
                if (graphCount * 2 > mask + 1) {
                    growGraphs();
                }
                return;
            }
            if (t[x] == graph) {
                t[x + 1]++;
                lastSlot = x;
                return;
            }
        }
    }

    /** Every pair counted and its count (the order is the table's). */
    void forEach(Visitor v) {
        flushGraphs();
        for (int x = 0; x < pairs.length; x += 3) {
            if (pairs[x + 2] > 0) {
                v.visit(pairs[x], pairs[x + 1], pairs[x + 2]);
            }
        }
    }

    /** Adds the current predicate's counts to the table of pairs and empties the graph table. */
    private void flushGraphs() {
        long[] t = graphs;
        for (int j = 0; j < graphCount; j++) {
            int x = graphSlots[j];
            addPair(t[x], predicate, t[x + 1]);
            t[x + 1] = 0;
        }
        graphCount = 0;
        lastSlot = -1;
    }

    private void addPair(long graph, long predicate, long count) {
        long[] t = pairs;
        int mask = t.length / 3 - 1;
        for (int i = (int) mix(graph * 0x9E3779B97F4A7C15L + predicate) & mask; ; i = (i + 1) & mask) {
            int x = i * 3;
            if (t[x + 2] == 0) {
                t[x] = graph;
                t[x + 1] = predicate;
                t[x + 2] = count;
                if (++pairCount * 2 > mask + 1) {
                    growPairs();
                }
                return;
            }
            if (t[x] == graph && t[x + 1] == predicate) {
                t[x + 2] += count;
                return;
            }
        }
    }

    private void growPairs() {
        long[] old = pairs;
        pairs = new long[old.length * 2];
        pairCount = 0;
        for (int x = 0; x < old.length; x += 3) {
            if (old[x + 2] > 0) {
                addPair(old[x], old[x + 1], old[x + 2]);
            }
        }
    }

    private void growGraphs() {
        long[] old = graphs;
        int[] oldSlots = graphSlots;
        int n = graphCount;
        graphs = new long[old.length * 2];
        graphSlots = new int[Math.max(8, n * 2)];
        graphCount = 0;
        int mask = (graphs.length >> 1) - 1;
        for (int j = 0; j < n; j++) {
            int o = oldSlots[j];
            int i = (int) mix(old[o]) & mask;
            while (graphs[(i << 1) + 1] != 0) {
                i = (i + 1) & mask;
            }
            graphs[i << 1] = old[o];
            graphs[(i << 1) + 1] = old[o + 1];
            graphSlots[graphCount++] = i << 1;
        }
        lastSlot = -1;
    }

    private static long mix(long x) {
        x ^= x >>> 33;
        x *= 0xff51afd7ed558ccdL;
        return x ^ (x >>> 33);
    }
}
