package dev.quarry.store.encoding;

import org.apache.commons.codec.digest.MurmurHash3;

/**
 * The 128-bit hash of a term's bytes that keys TERM2ID (store format 5): short keys of one
 * length instead of the term bytes themselves, so a load sorts 24-byte (hash, id) records
 * instead of merging terms by their bytes, and the TERM2ID files hold no second copy of every
 * term. Two terms with one hash would share an id: every lookup that finds a hash therefore
 * compares the term bytes stored under the id (ID2TERM) with the ones it looked up, and a load
 * that meets two terms with one hash fails rather than merging them.
 *
 * <p>MurmurHash3 x64 128 (seed 0), as Apache Commons Codec computes it, written big-endian:
 * the first long, then the second.
 */
public final class TermHash {
    /** Bytes of a hash. */
    public static final int BYTES = 16;

    private TermHash() {}

    /** The hash of {@code t[off, off + len)}: two longs, the high (first) one at index 0. */
    public static long[] of(byte[] t, int off, int len) {
        return MurmurHash3.hash128x64(t, off, len, 0);
    }

    /** Writes the hash of {@code t[off, off + len)} to {@code dst[dstOff, dstOff + 16)}. */
    public static void write(byte[] t, int off, int len, byte[] dst, int dstOff) {
        long[] h = of(t, off, len);
        KeyLayout.putLong(dst, dstOff, h[0]);
        KeyLayout.putLong(dst, dstOff + 8, h[1]);
    }
}
