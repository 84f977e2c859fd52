package dev.quarry.loader.input;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds and counts '\n' bytes eight at a time (a word-wide zero-byte test), as every byte of
 * the input passes here at least once: the chunker cuts and numbers lines, the parser finds
 * each line's end.
 */
public final class Newlines {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;
    private static final long LOW = 0x0101010101010101L;
    private static final long HIGH = 0x8080808080808080L;

    private Newlines() {}

    /** The index of the first '\n' in {@code b[from, to)}, or {@code to} if there is none. */
    public static int indexOf(byte[] b, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long m = marks((long) LONGS.get(b, i));
            if (m != 0) {
                return i + (Long.numberOfTrailingZeros(m) >>> 3);
            }
        }
        while (i < to && b[i] != '\n') {
            i++;
        }
        return i;
    }

    /** How many '\n' bytes {@code b[from, to)} holds. */
    public static long count(byte[] b, int from, int to) {
        long n = 0;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            n += Long.bitCount(exactMarks((long) LONGS.get(b, i)));
        }
        for (; i < to; i++) {
            if (b[i] == '\n') {
                n++;
            }
        }
        return n;
    }

    /** High bit set in the lowest byte equal to '\n' (bytes above it may be marked falsely). */
    private static long marks(long word) {
        long x = word ^ NEWLINES;
        return (x - LOW) & ~x & HIGH;
    }

    /** High bit set in exactly the bytes equal to '\n'. */
    private static long exactMarks(long word) {
        long x = word ^ NEWLINES;
        long y = (x & ~HIGH) + ~HIGH; // high bit set in bytes whose low 7 bits are not all zero
        return ~(y | x | ~HIGH) & HIGH;
    }
}
