package dev.quarry.loader.sort;

import java.util.Arrays;

/**
 * Derives a graph-first order from the matching graph-last one without sorting: tuples
 * {@code (a, b, c, g)} already sorted are distributed, stably, into one bucket per graph
 * in graph order, giving {@code (g, a, b, c)} sorted. GSPO comes from SPOG, GPOS from POSG,
 * GOSP from OSPG: three of the six sorts become two linear passes (graphs are few
 * compared with quads, so the buckets are found by a small hash table).
 */
final class GraphBuckets {
    private long[] keys = new long[64];
    private int[] index = new int[64];
    private boolean[] used = new boolean[64];

    /** {@code src} holds {@code n} sorted tuples with the graph last; writes graph-first tuples to {@code dst}. */
    void regroup(long[] src, int n, long[] dst) {
        clear(Math.max(64, Integer.highestOneBit(Math.max(1, n)) * 2));
        int distinct = 0;
        long[] graphs = new long[16];
        for (int i = 0; i < n; i++) {
            long g = src[i * 4 + 3];
            int slot = find(g);
            if (!used[slot]) {
                used[slot] = true;
                keys[slot] = g;
                if (distinct == graphs.length) {
                    graphs = Arrays.copyOf(graphs, distinct * 2);
                }
                graphs[distinct++] = g;
            }
        }
        Arrays.sort(graphs, 0, distinct); // flipped ids: signed order is key order
        int[] start = new int[distinct + 1];
        for (int i = 0; i < distinct; i++) {
            index[find(graphs[i])] = i;
        }
        for (int i = 0; i < n; i++) {
            start[index[find(src[i * 4 + 3])] + 1]++;
        }
        for (int i = 0; i < distinct; i++) {
            start[i + 1] += start[i];
        }
        for (int i = 0; i < n; i++) {
            int x = i * 4;
            long g = src[x + 3];
            int y = start[index[find(g)]]++ * 4;
            dst[y] = g;
            dst[y + 1] = src[x];
            dst[y + 2] = src[x + 1];
            dst[y + 3] = src[x + 2];
        }
    }

    private int find(long g) {
        int mask = keys.length - 1;
        long h = g * 0x9E3779B97F4A7C15L;
        int i = (int) (h ^ (h >>> 32)) & mask;
        while (used[i] && keys[i] != g) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private void clear(int capacity) {
        if (keys.length < capacity) {
            keys = new long[capacity];
            index = new int[capacity];
            used = new boolean[capacity];
        } else {
            Arrays.fill(used, false);
        }
    }
}
