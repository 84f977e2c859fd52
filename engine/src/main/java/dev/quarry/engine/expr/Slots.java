package dev.quarry.engine.expr;

import java.util.Arrays;

/** Small sets of slot numbers as sorted int arrays. */
final class Slots {
    private Slots() {}

    static int[] union(int[] a, int[] b) {
        return Arrays.stream(concat(a, b)).distinct().sorted().toArray();
    }

    private static int[] concat(int[] a, int[] b) {
        int[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
