package dev.quarry.loader.encode;

import java.util.Arrays;

/**
 * Sorts arena entry offsets by their term bytes (unsigned), without boxing. Each entry's
 * first eight bytes ride along as a long, so most comparisons are one long comparison
 * instead of a byte-range comparison through the arena (terms of one namespace share only
 * their first five bytes: tag and prefix id).
 */
final class ArenaSort {
    private ArenaSort() {}

    static void sortByBytes(TermArena arena, int[] entries) {
        long[] prefixes = new long[entries.length];
        for (int i = 0; i < entries.length; i++) {
            byte[] b = arena.bytes(entries[i]);
            int start = arena.start(entries[i]), len = arena.length(entries[i]);
            long p = 0;
            for (int k = 0; k < 8; k++) {
                p = (p << 8) | (k < len ? b[start + k] & 0xFF : 0);
            }
            prefixes[i] = p ^ Long.MIN_VALUE; // signed order = unsigned order of the bytes
        }
        new ArenaSort.Sorter(arena, entries, prefixes).sort(0, entries.length - 1);
    }

    /** Quicksort over the two parallel arrays. */
    private record Sorter(TermArena a, int[] v, long[] p) {
        /** Compares entry i with (pivot prefix pp, pivot entry pe). */
        private int compare(int i, long pp, int pe) {
            if (p[i] != pp) {
                return p[i] < pp ? -1 : 1;
            }
            int sx = a.start(v[i]), sy = a.start(pe);
            return Arrays.compareUnsigned(a.bytes(v[i]), sx, sx + a.length(v[i]), a.bytes(pe), sy, sy + a.length(pe));
        }

        private int compare(int i, int j) {
            return compare(i, p[j], v[j]);
        }

        void sort(int lo, int hi) {
            while (hi - lo > 16) {
                int mid = (lo + hi) >>> 1;
                // median of three as pivot
                if (compare(mid, lo) < 0) {
                    swap(mid, lo);
                }
                if (compare(hi, lo) < 0) {
                    swap(hi, lo);
                }
                if (compare(hi, mid) < 0) {
                    swap(hi, mid);
                }
                long pp = p[mid];
                int pe = v[mid];
                int i = lo, j = hi;
                while (i <= j) {
                    while (compare(i, pp, pe) < 0) {
                        i++;
                    }
                    while (compare(j, pp, pe) > 0) {
                        j--;
                    }
                    if (i <= j) {
                        swap(i++, j--);
                    }
                }
                if (j - lo < hi - i) {
                    sort(lo, j);
                    lo = i;
                } else {
                    sort(i, hi);
                    hi = j;
                }
            }
            for (int i = lo + 1; i <= hi; i++) {
                for (int j = i; j > lo && compare(j, j - 1) < 0; j--) {
                    swap(j, j - 1);
                }
            }
        }

        private void swap(int i, int j) {
            int t = v[i];
            v[i] = v[j];
            v[j] = t;
            long u = p[i];
            p[i] = p[j];
            p[j] = u;
        }
    }
}
