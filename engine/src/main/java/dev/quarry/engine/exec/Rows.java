package dev.quarry.engine.exec;

import dev.quarry.store.encoding.TermId;

/** Operations on id rows. */
final class Rows {
    private Rows() {}

    /** Whether no slot is bound to different ids in {@code a} and {@code b}. */
    static boolean compatible(long[] a, long[] b) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] != TermId.NONE && b[i] != TermId.NONE && a[i] != b[i]) {
                return false;
            }
        }
        return true;
    }

    /** {@code out} = the merge of two compatible rows. */
    static void merge(long[] a, long[] b, long[] out) {
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] != TermId.NONE ? a[i] : b[i];
        }
    }

    /** A row of {@code width} unbound slots. */
    static long[] empty(int width) {
        return new long[width];
    }
}
