package dev.quarry.engine.expr;

import java.util.Arrays;

/** Small sets of slot numbers as sorted int arrays. */
final class Slots {
    private Slots() {}

    /**
     * The sorted union of two sets of slots (each in any order). Called for every binary
     * expression of every compiled FILTER, once per query: sorted in place and deduplicated,
     * without the boxing of a stream's distinct(), whose IntStream pipeline a fresh server
     * compiled under the BSBM driver.
     */
    static int[] union(int[] a, int[] b) {
        int[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        Arrays.sort(c);
        int n = 0;
        for (int i = 0; i < c.length; i++) {
            if (n == 0 || c[i] != c[n - 1]) {
                c[n++] = c[i];
            }
        }
        return n == c.length ? c : Arrays.copyOf(c, n);
    }
}
