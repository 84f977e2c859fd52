package dev.quarry.loader.sort;

import dev.quarry.store.encoding.Permutation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Encodes sorted distinct tuples compactly: per tuple, the first column that differs
 * from the previous tuple, the difference there, and the XOR with the previous value
 * for the columns after it, all as varints. Sorted quads share long prefixes, so a
 * 32-byte quad typically takes 4 to 10 bytes.
 */
final class RunEncoder {
    static final int FRAME = 256 << 10;
    private static final int MAX_TUPLE = 1 + 4 * 10;

    private RunEncoder() {}

    /** Distinct tuples {@code a[0 .. 4n)} in key order, ids with flipped sign bits (as {@link BatchSorter} sorts them). */
    static SortedRun encode(Permutation perm, long[] a, int n) {
        List<byte[]> frames = new ArrayList<>();
        List<SortedRun.FrameStart> starts = new ArrayList<>();
        byte[] buf = new byte[FRAME];
        int pos = 0;
        long p0 = 0, p1 = 0, p2 = 0, p3 = 0;
        for (int i = 0; i < n; i++) {
            if (pos > FRAME - MAX_TUPLE) {
                frames.add(Arrays.copyOf(buf, pos));
                pos = 0;
            }
            int x = i * 4;
            long k0 = a[x] ^ Long.MIN_VALUE, k1 = a[x + 1] ^ Long.MIN_VALUE;
            long k2 = a[x + 2] ^ Long.MIN_VALUE, k3 = a[x + 3] ^ Long.MIN_VALUE;
            if (pos == 0) {
                starts.add(new SortedRun.FrameStart(i, new long[] {p0, p1, p2, p3}, new long[] {k0, k1, k2, k3}));
            }
            if (k0 != p0 || i == 0) {
                buf[pos++] = 0;
                pos = varint(buf, pos, k0 - p0);
                pos = varint(buf, pos, k1 ^ p1);
                pos = varint(buf, pos, k2 ^ p2);
                pos = varint(buf, pos, k3 ^ p3);
            } else if (k1 != p1) {
                buf[pos++] = 1;
                pos = varint(buf, pos, k1 - p1);
                pos = varint(buf, pos, k2 ^ p2);
                pos = varint(buf, pos, k3 ^ p3);
            } else if (k2 != p2) {
                buf[pos++] = 2;
                pos = varint(buf, pos, k2 - p2);
                pos = varint(buf, pos, k3 ^ p3);
            } else {
                buf[pos++] = 3;
                pos = varint(buf, pos, k3 - p3);
            }
            p0 = k0;
            p1 = k1;
            p2 = k2;
            p3 = k3;
        }
        if (pos > 0) {
            frames.add(Arrays.copyOf(buf, pos));
        }
        return new SortedRun(perm, n, frames, starts);
    }

    private static int varint(byte[] b, int pos, long v) {
        while ((v & ~0x7FL) != 0) {
            b[pos++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        b[pos++] = (byte) v;
        return pos;
    }
}
