package dev.quarry.loader.input;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds the first of a few byte values eight bytes at a time (a word-wide zero-byte test per
 * value), for scans that skip long runs of uninteresting bytes: the Turtle chunker skips
 * strings and IRIs this way (one byte at a time, it was 7 % of a Turtle load's CPU), the byte
 * parsers the plain text of string literals.
 */
public final class ByteSearch {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long LOW = 0x0101010101010101L;
    private static final long HIGH = 0x8080808080808080L;

    private ByteSearch() {}

    /**
     * The index of the first byte equal to {@code x}, {@code y} or {@code z} in {@code b[from, to)},
     * or {@code to}. For two values, pass one of them twice.
     */
    public static int indexOfAny(byte[] b, int from, int to, byte x, byte y, byte z) {
        long xs = LOW * (x & 0xFF);
        long ys = LOW * (y & 0xFF);
        long zs = LOW * (z & 0xFF);
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long w = (long) LONGS.get(b, i);
            long m = marks(w ^ xs) | marks(w ^ ys) | marks(w ^ zs);
            if (m != 0) {
                return i + (Long.numberOfTrailingZeros(m) >>> 3);
            }
        }
        while (i < to && b[i] != x && b[i] != y && b[i] != z) {
            i++;
        }
        return i;
    }

    /**
     * The index of the first byte in {@code b[from, to)} that equals {@code x} or {@code y}, is
     * below {@code below} (at most 0x80) or is not ASCII; {@code to} if there is none. Parsers
     * pass over the plain text of a string literal this way and look at the rest byte by byte.
     */
    public static int indexOfSpecial(byte[] b, int from, int to, byte x, byte y, int below) {
        long xs = LOW * (x & 0xFF);
        long ys = LOW * (y & 0xFF);
        long belows = LOW * below;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long w = (long) LONGS.get(b, i);
            // (w - belows) & ~w: a borrow starts only at a byte below the bound, so as for
            // marks() the lowest mark is exact; bytes with the high bit set are marked as they are.
            long m = marks(w ^ xs) | marks(w ^ ys) | ((w - belows) & ~w & HIGH) | (w & HIGH);
            if (m != 0) {
                return i + (Long.numberOfTrailingZeros(m) >>> 3);
            }
        }
        while (i < to && b[i] != x && b[i] != y && (b[i] & 0xFF) >= below && b[i] >= 0) {
            i++;
        }
        return i;
    }

    /**
     * High bit set in the lowest zero byte of {@code x} (bytes above it may be marked falsely,
     * by the borrow), so the lowest mark of several such words OR-ed is exact.
     */
    private static long marks(long x) {
        return (x - LOW) & ~x & HIGH;
    }
}
