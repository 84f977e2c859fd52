package dev.quarry.engine.exec;

import java.util.Arrays;

/**
 * A set of id tuples of one width, kept flat in one array with open addressing: what
 * DISTINCT and a BGP's early de-duplication remember of the rows they let through.
 * Hand-written for speed: a {@code HashSet} of {@link IdTuple}s made a key object, a copy of
 * the row and a map node per row it kept, and with the BGP's de-duplication keys they were
 * ~20 % of the bytes a server allocated on the official BSBM explore mix (async-profiler,
 * alloc). This allocates only when its table grows.
 */
final class IdTupleSet {
    private static final int MIN_SLOTS = 16;
    private final int width;
    /** Slot i holds its tuple at [i * width, (i + 1) * width) when {@code used[i]}. */
    private long[] tuples;
    private boolean[] used;
    private int size;

    IdTupleSet(int width) {
        this.width = width;
        this.tuples = new long[MIN_SLOTS * width];
        this.used = new boolean[MIN_SLOTS];
    }

    int size() {
        return size;
    }

    /** Adds {@code tuple[0, width)}; true if it was not in the set. The array is copied, not kept. */
    boolean add(long[] tuple) {
        if (2 * (size + 1) > used.length) {
            grow();
        }
        int mask = used.length - 1;
        for (int i = hash(tuple, 0) & mask; ; i = (i + 1) & mask) {
            if (!used[i]) {
                System.arraycopy(tuple, 0, tuples, i * width, width);
                used[i] = true;
                size++;
                return true;
            }
            if (Arrays.equals(tuples, i * width, i * width + width, tuple, 0, width)) {
                return false;
            }
        }
    }

    void clear() {
        if (size > 0) {
            Arrays.fill(used, false);
            size = 0;
        }
    }

    private void grow() {
        long[] oldTuples = tuples;
        boolean[] oldUsed = used;
        tuples = new long[oldUsed.length * 2 * width];
        used = new boolean[oldUsed.length * 2];
        int mask = used.length - 1;
        for (int j = 0; j < oldUsed.length; j++) {
            if (oldUsed[j]) {
                int i = hash(oldTuples, j * width) & mask;
                while (used[i]) {
                    i = (i + 1) & mask;
                }
                System.arraycopy(oldTuples, j * width, tuples, i * width, width);
                used[i] = true;
            }
        }
    }

    private int hash(long[] a, int from) {
        long h = 0;
        for (int k = from; k < from + width; k++) {
            h = (h + a[k]) * 0x9E3779B97F4A7C15L;
        }
        return (int) (h ^ (h >>> 29) ^ (h >>> 47));
    }
}
