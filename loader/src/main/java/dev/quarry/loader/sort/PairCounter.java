package dev.quarry.loader.sort;

/** Counts (graph, predicate) pairs in primitive arrays: the statistics of a load. */
final class PairCounter {
    interface Visitor {
        void visit(long graph, long predicate, long count);
    }

    private long[] g = new long[64];
    private long[] p = new long[64];
    private long[] n = new long[64];
    private boolean[] used = new boolean[64];
    private int size;
    private long lastG, lastP;
    private int lastSlot = -1;

    void add(long graph, long predicate) {
        if (lastSlot >= 0 && graph == lastG && predicate == lastP) {
            n[lastSlot]++;
            return;
        }
        int mask = g.length - 1;
        int i = (int) mix(graph * 31 + predicate) & mask;
        while (used[i] && (g[i] != graph || p[i] != predicate)) {
            i = (i + 1) & mask;
        }
        if (!used[i]) {
            used[i] = true;
            g[i] = graph;
            p[i] = predicate;
            if (++size * 2 > g.length) {
                grow();
                add(graph, predicate);
                return;
            }
        }
        n[i]++;
        lastG = graph;
        lastP = predicate;
        lastSlot = i;
    }

    private void grow() {
        long[] og = g, op = p, on = n;
        boolean[] ou = used;
        g = new long[og.length * 2];
        p = new long[og.length * 2];
        n = new long[og.length * 2];
        used = new boolean[og.length * 2];
        size = 0;
        lastSlot = -1;
        int mask = g.length - 1;
        for (int j = 0; j < og.length; j++) {
            if (ou[j]) {
                int i = (int) mix(og[j] * 31 + op[j]) & mask;
                while (used[i]) {
                    i = (i + 1) & mask;
                }
                used[i] = true;
                g[i] = og[j];
                p[i] = op[j];
                n[i] = on[j];
                size++;
            }
        }
    }

    void forEach(Visitor v) {
        for (int i = 0; i < g.length; i++) {
            if (used[i] && n[i] > 0) {
                v.visit(g[i], p[i], n[i]);
            }
        }
    }

    private static long mix(long x) {
        x ^= x >>> 33;
        x *= 0xff51afd7ed558ccdL;
        return x ^ (x >>> 33);
    }
}
