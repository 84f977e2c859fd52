package dev.quarry.loader.encode;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Terms of one dictionary shard packed in byte arrays (segments), in insertion order, so a
 * million terms cost a few arrays, not a million objects.
 * Entry: {@code id(8) state(1) len(4) bytes}; an entry's handle is its segment number
 * {@code << SEGMENT_BITS} plus its offset there.
 *
 * <p>Segments grow from 4 KiB to {@link #SEGMENT} and are never copied. One array doubled
 * as it filled: the shards, filled evenly by the hash, doubled together, some 60 humongous
 * arrays (of half a G1 region or more) within a second at BSBM 5 M, and each such
 * allocation may start a collection. {@link #SEGMENT} stays below the humongous size
 * for any region size (1 MB regions at the least, so 512 KiB).
 */
final class TermArena {
    static final byte NEW = 1;
    static final byte KNOWN = 2;
    private static final int HEADER = 13;
    private static final int SEGMENT_BITS = 18;
    static final int SEGMENT = 1 << SEGMENT_BITS;
    private static final int FIRST_SEGMENT = 1 << 12;
    /** Handles stay non-negative ints. */
    private static final int MAX_SEGMENTS = 1 << (31 - SEGMENT_BITS);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    private byte[][] segments = new byte[4][];
    /** Bytes of entries in each segment in use. */
    private int[] fills = new int[4];
    /** Segments in use (those after may be kept from before a {@link #clear}). */
    private int count;
    private int used;

    int append(byte[] t, int off, int len, long id, byte state) {
        int size = HEADER + len;
        if (size < 0 || (long) used + size > Integer.MAX_VALUE - 16) {
            throw new IllegalStateException("dictionary shard arena is full");
        }
        if (count == 0 || fills[count - 1] + size > segments[count - 1].length) {
            nextSegment(size);
        }
        int s = count - 1;
        byte[] b = segments[s];
        int at = fills[s];
        LONG.set(b, at, id);
        b[at + 8] = state;
        INT.set(b, at + 9, len);
        System.arraycopy(t, off, b, at + HEADER, len);
        fills[s] = at + size;
        used += size;
        return s << SEGMENT_BITS | at;
    }

    /** Starts a segment that holds at least {@code size} bytes (a term longer than a segment gets one of its own). */
    private void nextSegment(int size) {
        if (count == MAX_SEGMENTS) {
            throw new IllegalStateException("dictionary shard arena is full");
        }
        if (count == segments.length) {
            segments = Arrays.copyOf(segments, count * 2);
            fills = Arrays.copyOf(fills, count * 2);
        }
        int want = Math.max(size, count == 0 ? FIRST_SEGMENT : Math.min(SEGMENT, segments[count - 1].length * 2));
        if (segments[count] == null || segments[count].length < want || segments[count].length > Math.max(want, SEGMENT)) {
            segments[count] = new byte[want];
        }
        fills[count] = 0;
        count++;
    }

    /** The segment holding entry {@code e}. */
    byte[] bytes(int e) {
        return segments[e >>> SEGMENT_BITS];
    }

    /** Bytes of all entries. */
    int used() {
        return used;
    }

    long id(int e) {
        return (long) LONG.get(bytes(e), offset(e));
    }

    byte state(int e) {
        return bytes(e)[offset(e) + 8];
    }

    int length(int e) {
        return (int) INT.get(bytes(e), offset(e) + 9);
    }

    /** Where entry {@code e}'s term starts in {@link #bytes(int)}. */
    int start(int e) {
        return offset(e) + HEADER;
    }

    /** The first entry, or -1 if there is none. */
    int first() {
        return used == 0 ? -1 : 0;
    }

    /** The entry after {@code e}, or -1 after the last. */
    int next(int e) {
        int s = e >>> SEGMENT_BITS;
        int end = offset(e) + HEADER + length(e);
        if (end < fills[s]) {
            return s << SEGMENT_BITS | end;
        }
        return s + 1 < count ? (s + 1) << SEGMENT_BITS : -1; // (a segment in use is never empty)
    }

    boolean equalsTerm(int e, byte[] t, int off, int len) {
        int at = start(e);
        return length(e) == len && Arrays.equals(bytes(e), at, at + len, t, off, off + len);
    }

    /** Empties the arena; keeps its segments for reuse unless {@code shrink}. */
    void clear(boolean shrink) {
        used = 0;
        count = 0;
        if (shrink) {
            segments = new byte[4][];
            fills = new int[4];
        }
    }

    /**
     * Takes the full-size segments of {@code spent} (an arena no longer read) for this arena's
     * later segments: a shard that spilled goes on filling the arrays of the table it spilled
     * instead of new ones, which G1 would free only after its next marking of the old generation.
     */
    void recycle(TermArena spent) {
        int free = count;
        for (int i = 0; i < spent.segments.length && spent.segments[i] != null; i++) {
            if (spent.segments[i].length != SEGMENT) {
                continue;
            }
            while (free < segments.length && segments[free] != null && segments[free].length == SEGMENT) {
                free++;
            }
            if (free == MAX_SEGMENTS) {
                break;
            }
            if (free == segments.length) {
                segments = Arrays.copyOf(segments, Math.min(MAX_SEGMENTS, segments.length * 2));
                fills = Arrays.copyOf(fills, segments.length);
            }
            segments[free++] = spent.segments[i];
        }
        spent.segments = new byte[4][];
        spent.fills = new int[4];
        spent.count = 0;
        spent.used = 0;
    }

    private static int offset(int e) {
        return e & (SEGMENT - 1);
    }
}
