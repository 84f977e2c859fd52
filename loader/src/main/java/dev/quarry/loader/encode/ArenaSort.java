package dev.quarry.loader.encode;

import java.util.Arrays;

/** Sorts arena entry offsets by their term bytes (unsigned), without boxing. */
final class ArenaSort {
    private ArenaSort() {}

    static void sortByBytes(TermArena arena, int[] entries) {
        sort(arena, entries, 0, entries.length - 1);
    }

    private static int compare(TermArena a, int x, int y) {
        byte[] b = a.bytes();
        int sx = a.start(x), sy = a.start(y);
        return Arrays.compareUnsigned(b, sx, sx + a.length(x), b, sy, sy + a.length(y));
    }

    private static void sort(TermArena a, int[] v, int lo, int hi) {
        while (hi - lo > 16) {
            int mid = (lo + hi) >>> 1;
            // median of three as pivot
            if (compare(a, v[mid], v[lo]) < 0) {
                swap(v, mid, lo);
            }
            if (compare(a, v[hi], v[lo]) < 0) {
                swap(v, hi, lo);
            }
            if (compare(a, v[hi], v[mid]) < 0) {
                swap(v, hi, mid);
            }
            int pivot = v[mid];
            int i = lo, j = hi;
            while (i <= j) {
                while (compare(a, v[i], pivot) < 0) {
                    i++;
                }
                while (compare(a, v[j], pivot) > 0) {
                    j--;
                }
                if (i <= j) {
                    swap(v, i++, j--);
                }
            }
            if (j - lo < hi - i) {
                sort(a, v, lo, j);
                lo = i;
            } else {
                sort(a, v, i, hi);
                hi = j;
            }
        }
        for (int i = lo + 1; i <= hi; i++) {
            int x = v[i];
            int j = i - 1;
            while (j >= lo && compare(a, v[j], x) > 0) {
                v[j + 1] = v[j];
                j--;
            }
            v[j + 1] = x;
        }
    }

    private static void swap(int[] v, int i, int j) {
        int t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
}
