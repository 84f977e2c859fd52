package dev.quarry.loader.encode;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A fast 64-bit hash of a byte range, eight bytes at a time. Only speed depends on
 * its quality: every lookup that uses it compares the bytes as well.
 */
public final class ByteHash {
    private ByteHash() {}

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long M = 0x9E3779B97F4A7C15L;

    public static long hash(byte[] b, int off, int len) {
        long h = len * M;
        int i = off;
        int end = off + len;
        for (; i + 8 <= end; i += 8) {
            long k = (long) LONGS.get(b, i);
            h = Long.rotateLeft(h ^ (k * M), 29) * 0xBF58476D1CE4E5B9L;
        }
        long tail = 0;
        for (int s = 0; i < end; i++, s += 8) {
            tail |= (b[i] & 0xFFL) << s;
        }
        h = Long.rotateLeft(h ^ (tail * M), 29) * 0xBF58476D1CE4E5B9L;
        h ^= h >>> 31;
        h *= 0x94D049BB133111EBL;
        return h ^ (h >>> 29);
    }
}
