package dev.quarry.loader.sort;

/**
 * Sorts 4-long tuples stored flat ({@code a[4i .. 4i+3]}) in signed order, then removes
 * duplicates. Callers flip the sign bit of ids first so signed order is the unsigned
 * order of the big-endian keys. An in-place quicksort: no boxing, no index array, so a
 * batch of a million quads sorts in its own 32 MB.
 */
final class TupleSort {
    private TupleSort() {}

    /** Sorts {@code n} tuples and dedupes them; returns how many distinct tuples remain at the front. */
    static int sortDistinct(long[] a, int n) {
        sort(a, 0, n - 1);
        if (n == 0) {
            return 0;
        }
        int w = 1;
        for (int r = 1; r < n; r++) {
            int x = r * 4, y = (w - 1) * 4;
            if (a[x] != a[y] || a[x + 1] != a[y + 1] || a[x + 2] != a[y + 2] || a[x + 3] != a[y + 3]) {
                if (w != r) {
                    System.arraycopy(a, x, a, w * 4, 4);
                }
                w++;
            }
        }
        return w;
    }

    private static int cmp(long[] a, int i, long p0, long p1, long p2, long p3) {
        int x = i * 4;
        long v = a[x];
        if (v != p0) {
            return v < p0 ? -1 : 1;
        }
        v = a[x + 1];
        if (v != p1) {
            return v < p1 ? -1 : 1;
        }
        v = a[x + 2];
        if (v != p2) {
            return v < p2 ? -1 : 1;
        }
        v = a[x + 3];
        return v == p3 ? 0 : v < p3 ? -1 : 1;
    }

    private static int cmp(long[] a, int i, int j) {
        int y = j * 4;
        return cmp(a, i, a[y], a[y + 1], a[y + 2], a[y + 3]);
    }

    private static void sort(long[] a, int lo, int hi) {
        while (hi - lo > 20) {
            int mid = (lo + hi) >>> 1;
            if (cmp(a, mid, lo) < 0) {
                swap(a, mid, lo);
            }
            if (cmp(a, hi, lo) < 0) {
                swap(a, hi, lo);
            }
            if (cmp(a, hi, mid) < 0) {
                swap(a, hi, mid);
            }
            int m = mid * 4;
            long p0 = a[m], p1 = a[m + 1], p2 = a[m + 2], p3 = a[m + 3];
            int i = lo, j = hi;
            while (i <= j) {
                while (cmp(a, i, p0, p1, p2, p3) < 0) {
                    i++;
                }
                while (cmp(a, j, p0, p1, p2, p3) > 0) {
                    j--;
                }
                if (i <= j) {
                    swap(a, i++, j--);
                }
            }
            if (j - lo < hi - i) {
                sort(a, lo, j);
                lo = i;
            } else {
                sort(a, i, hi);
                hi = j;
            }
        }
        for (int i = lo + 1; i <= hi; i++) {
            for (int j = i; j > lo && cmp(a, j, j - 1) < 0; j--) {
                swap(a, j, j - 1);
            }
        }
    }

    private static void swap(long[] a, int i, int j) {
        int x = i * 4, y = j * 4;
        long t0 = a[x], t1 = a[x + 1], t2 = a[x + 2], t3 = a[x + 3];
        a[x] = a[y];
        a[x + 1] = a[y + 1];
        a[x + 2] = a[y + 2];
        a[x + 3] = a[y + 3];
        a[y] = t0;
        a[y + 1] = t1;
        a[y + 2] = t2;
        a[y + 3] = t3;
    }
}
