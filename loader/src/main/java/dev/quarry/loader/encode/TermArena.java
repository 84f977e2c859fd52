package dev.quarry.loader.encode;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Terms of one dictionary shard packed in one growing byte array, in insertion order,
 * so a million terms cost a few arrays, not a million objects.
 * Entry at offset {@code e}: {@code id(8) state(1) len(4) bytes}.
 */
final class TermArena {
    static final byte NEW = 1;
    static final byte KNOWN = 2;
    private static final int HEADER = 13;
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    private byte[] bytes = new byte[1 << 12];
    private int used;

    int append(byte[] t, int off, int len, long id, byte state) {
        int need = used + HEADER + len;
        if (need > bytes.length) {
            if (need < 0 || need > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException("dictionary shard arena is full");
            }
            bytes = Arrays.copyOf(bytes, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(need, bytes.length * 2L)));
        }
        int e = used;
        LONG.set(bytes, e, id);
        bytes[e + 8] = state;
        INT.set(bytes, e + 9, len);
        System.arraycopy(t, off, bytes, e + HEADER, len);
        used = need;
        return e;
    }

    byte[] bytes() {
        return bytes;
    }

    int used() {
        return used;
    }

    long capacity() {
        return bytes.length;
    }

    long id(int e) {
        return (long) LONG.get(bytes, e);
    }

    byte state(int e) {
        return bytes[e + 8];
    }

    int length(int e) {
        return (int) INT.get(bytes, e + 9);
    }

    int start(int e) {
        return e + HEADER;
    }

    /** The offset of the entry after {@code e}. */
    int next(int e) {
        return e + HEADER + length(e);
    }

    boolean equalsTerm(int e, byte[] t, int off, int len) {
        return length(e) == len && Arrays.equals(bytes, e + HEADER, e + HEADER + len, t, off, off + len);
    }

    void clear(boolean shrink) {
        used = 0;
        if (shrink) {
            bytes = new byte[1 << 12];
        }
    }
}
