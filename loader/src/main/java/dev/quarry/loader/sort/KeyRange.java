package dev.quarry.loader.sort;

import java.util.Arrays;

/**
 * A range {@code [from, to)} of one index's keys, as the four key columns in unsigned order
 * (the order of the sorted runs and of the store's keys); a null bound is open.
 */
public record KeyRange(long[] from, long[] to) {
    /** Every key. */
    public static final KeyRange ALL = new KeyRange(null, null);

    /** Whether {@code key} lies before this range. */
    boolean before(long[] key) {
        return from != null && Arrays.compareUnsigned(key, from) < 0;
    }

    /** Whether {@code key} lies at or past this range's end. */
    boolean after(long[] key) {
        return to != null && Arrays.compareUnsigned(key, to) >= 0;
    }

    @Override
    public String toString() {
        return "[" + (from == null ? "-" : Arrays.toString(from)) + ", " + (to == null ? "-" : Arrays.toString(to)) + ")";
    }
}
