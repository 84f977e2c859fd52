package dev.quarry.loader.sort;

import java.util.List;

/**
 * The distinct keys of several sorted runs of one index, in key order: a binary heap of the
 * runs' readers whose top is advanced in place and sifted down once. Duplicates across runs
 * come out once.
 */
final class DistinctKeys {
    private final RunReader[] heap;
    private int size;
    private final long[] key = new long[4];
    private boolean started;

    DistinctKeys(List<RunReader> readers) {
        heap = new RunReader[readers.size()];
        for (RunReader r : readers) {
            if (r.next()) {
                heap[size++] = r;
            }
        }
        for (int i = size / 2 - 1; i >= 0; i--) {
            siftDown(i);
        }
    }

    /** Advances to the next distinct key; false at the end. */
    boolean next() {
        if (started) {
            do {
                advanceTop();
            } while (size > 0 && same(heap[0].key, key));
        }
        started = true;
        if (size == 0) {
            return false;
        }
        System.arraycopy(heap[0].key, 0, key, 0, 4);
        return true;
    }

    /** The current key, in the index's slot order; valid until the next {@link #next}. */
    long[] key() {
        return key;
    }

    private void advanceTop() {
        if (!heap[0].next()) {
            heap[0] = heap[--size];
        }
        siftDown(0);
    }

    private static boolean same(long[] x, long[] y) {
        return x[0] == y[0] && x[1] == y[1] && x[2] == y[2] && x[3] == y[3];
    }

    private static boolean less(RunReader a, RunReader b) {
        long[] x = a.key, y = b.key;
        for (int i = 0; i < 4; i++) {
            if (x[i] != y[i]) {
                return Long.compareUnsigned(x[i], y[i]) < 0;
            }
        }
        return false;
    }

    private void siftDown(int i) {
        RunReader[] h = heap;
        while (true) {
            int l = 2 * i + 1;
            if (l >= size) {
                return;
            }
            int m = l + 1 < size && less(h[l + 1], h[l]) ? l + 1 : l;
            if (!less(h[m], h[i])) {
                return;
            }
            RunReader t = h[m];
            h[m] = h[i];
            h[i] = t;
            i = m;
        }
    }
}
