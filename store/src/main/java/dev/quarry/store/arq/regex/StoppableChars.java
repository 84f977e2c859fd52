package dev.quarry.store.arq.regex;

import java.util.function.BooleanSupplier;
import org.apache.jena.query.QueryCancelledException;

/**
 * A string as a regular expression matcher reads it, that stops the match when the
 * query should stop: {@code java.util.regex} reads the input through {@link #charAt}
 * at every step of its backtracking, so checking there bounds a match of any pattern
 * (every {@link #CHECK_INTERVAL} reads, so the check costs nothing measurable).
 */
final class StoppableChars implements CharSequence {
    static final int CHECK_INTERVAL = 1 << 12;

    private final String s;
    private final BooleanSupplier stop;
    private int reads;

    StoppableChars(String s, BooleanSupplier stop) {
        this.s = s;
        this.stop = stop;
    }

    /** {@code s} guarded by this thread's stop condition, or {@code s} itself if there is none. */
    static CharSequence of(String s) {
        BooleanSupplier stop = QueryStop.current();
        return stop == null ? s : new StoppableChars(s, stop);
    }

    @Override
    public char charAt(int index) {
        if (++reads >= CHECK_INTERVAL) {
            reads = 0;
            if (stop.getAsBoolean()) {
                throw new QueryCancelledException();
            }
        }
        return s.charAt(index);
    }

    @Override
    public int length() {
        return s.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return s.subSequence(start, end);
    }

    @Override
    public String toString() {
        return s;
    }
}
