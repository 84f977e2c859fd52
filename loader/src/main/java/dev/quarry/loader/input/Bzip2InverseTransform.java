package dev.quarry.loader.input;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The last two stages of decoding a bzip2 block ({@link Bzip2BlockDecoder} does the bits,
 * Huffman and move-to-front stages before): the inverse Burrows-Wheeler transform, walked by
 * several chains at once, and bzip2's first run-length stage undone. Its scratch space (17
 * bytes per position of the largest block yet: the chains' segments, then the joined text) is
 * reused from block to block.
 *
 * <p>Not thread-safe: one instance per decoder.
 */
final class Bzip2InverseTransform {
    /** Chains walking the inverse transform at once ({@link #unwind}). */
    private static final int CHAINS = 16;
    /** Segment starts spread over the table for the chains to take up. */
    private static final int SEEDS = 256;
    /** In an entry of {@link #tt}: the position of the successor (blocks are below 2^20 bytes). */
    private static final int LINK = 0x0fffff00;
    /** In an entry of {@link #tt}: a segment of {@link #unwind} starts here. */
    private static final int START = 0x80000000;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** The decoder's table while {@link #apply} runs. */
    private int[] tt;
    /** Each chain's segments, in a region of {@code tt.length} bytes per chain. */
    private byte[] scratch = new byte[0];
    private final int[] position = new int[CHAINS];
    private final int[] written = new int[CHAINS];
    private final int[] segmentOf = new int[CHAINS];
    private final int[] segmentStart = new int[SEEDS + CHAINS];
    private final int[] segmentFrom = new int[SEEDS + CHAINS];
    private final int[] segmentEnd = new int[SEEDS + CHAINS];
    /** Where each segment's chain stopped: the start of the segment that follows it. */
    private final int[] segmentNext = new int[SEEDS + CHAINS];
    private int segments;
    /** The segment starts of the block being walked ({@link #markSeeds}), and the next one a chain takes up. */
    private final int[] seeds = new int[SEEDS];
    private int seedCount;
    private int nextSeed;
    /** The block's text before the last run-length stage: the segments joined in order. */
    private byte[] text = new byte[0];

    /**
     * Undoes the transform of a block of {@code n} bytes: {@code table} holds a byte per
     * position (low 8 bits, higher bits zero) and {@code counts} how often each byte value
     * occurs; both are overwritten. Decodes into {@code out}, or a larger copy where the block
     * expands past it.
     */
    Bzip2Block.Decoded apply(int[] table, int[] counts, int n, int origPtr, byte[] out) throws IOException {
        tt = table;
        try {
            linkInverse(counts, n);
            return unwind(origPtr, n, out);
        } finally {
            tt = null;
        }
    }

    /**
     * Adds to each entry of {@link #tt} the position of its successor in the original order
     * (bits 8 up). A run of equal bytes links to consecutive entries, so it is linked in one
     * loop: entry by entry, each byte's next entry was a load and a store of the same counter
     * (a run of one byte value made each wait for the last), and this stage took ~26 % of a
     * block's decoding against ~18 % by runs (BSBM's N-Triples, async-profiler).
     */
    private void linkInverse(int[] counts, int n) {
        int[] block = tt;
        int[] next = counts;
        int sum = 0;
        for (int i = 0; i < 256; i++) {
            int c = next[i];
            next[i] = sum;
            sum += c;
        }
        int i = 0;
        while (i < n) {
            int value = block[i] & 0xff;
            int to = next[value];
            int end = i + 1;
            while (end < n && (block[end] & 0xff) == value) {
                end++;
            }
            for (; i < end; i++) {
                block[to++] |= i << 8;
            }
            next[value] = to;
        }
    }

    /**
     * Walks the links from the origin, undoing bzip2's first stage (4 equal bytes, then a
     * count of more) on the way.
     *
     * <p>The walk is a chain of dependent loads over a table larger than the core's cache:
     * one chain waits for one cache miss per byte (8-15 ns here). So {@value #CHAINS} chains
     * walk at once: {@value #SEEDS} positions spread over the table (and the origin's
     * successor) are marked as segment starts before the walk, each chain takes the next
     * unwalked start and walks until it meets the next marked entry, and the processor waits
     * for several misses at a time. The segments, in scratch space per chain, are then joined
     * in text order: each one continues where the one before it stopped. With eight chains
     * 1.4-2.2x faster than one on BSBM's N-Triples and on generated N-Quads (two chains, or
     * tables of two or four steps per entry, were no faster); sixteen chains and 256 starts
     * were ~10 % faster than eight and 128 on an Intel Xeon, and 12, 24 or 32 chains no faster
     * than sixteen (bench/results/2026-11-29-bzip2-scan-link-chains/). The walk writes
     * nothing into the table: an earlier version marked every entry it walked, and whole
     * blocks took about 13 % longer to decode (medians, BSBM's N-Triples;
     * bench/results/2026-11-29-bzip2-decoder/).
     *
     * <p>Links that are not one cycle, which no valid block gives, show as a chain writing
     * more than a block's bytes or segments that do not join into one text of {@code n} bytes.
     */
    private Bzip2Block.Decoded unwind(int origPtr, int n, byte[] out) throws IOException {
        int[] block = tt;
        if (scratch.length < CHAINS * block.length) {
            scratch = new byte[CHAINS * block.length];
        }
        byte[] bytes = scratch;
        int first = block[origPtr] >>> 8;
        markSeeds(first, n);
        segments = 0;
        nextSeed = 0;
        // Bytes the chains may write besides each segment's first: n for a valid block in all.
        // So no chain writes past its region of n bytes, even if links loop without a start.
        int budget = n - seedCount;
        int active = 0;
        for (int c = 0; c < CHAINS; c++) {
            written[c] = c * n;
            if (nextSeed < seedCount) {
                position[c] = startSegment(c, seeds[nextSeed++]);
                active++;
            } else {
                position[c] = -1;
            }
        }
        while (active > 0) {
            if (active == 16 && CHAINS == 16) {
                budget = walkSixteen(budget);
            }
            for (int c = 0; c < CHAINS; c++) { // one step of each chain: the one at a start takes up the next
                int pos = position[c];
                if (pos < 0) {
                    continue;
                }
                int entry = block[pos];
                if ((entry & START) == 0) {
                    if (--budget < 0) {
                        throw new IOException("corrupt block: its transform is not one cycle");
                    }
                    bytes[written[c]++] = (byte) entry;
                    position[c] = (entry & LINK) >>> 8;
                    continue;
                }
                int segment = segmentOf[c];
                segmentEnd[segment] = written[c];
                segmentNext[segment] = pos;
                if (nextSeed < seedCount) {
                    position[c] = startSegment(c, seeds[nextSeed++]);
                } else {
                    position[c] = -1;
                    active--;
                }
            }
        }
        return join(first, n, out); // the marks go with the table, which the next block rewrites
    }

    /**
     * Steps the sixteen chains side by side until one of them meets a segment start; returns
     * the budget left. The chains' positions are locals here, so the sixteen table reads of a
     * round are issued together (in {@link #unwind}'s loop each chain's state is in arrays, read
     * and written back per byte): whole blocks decoded in about a fifth less time with eight
     * chains than that loop (bench/results/2026-11-29-bzip2-decoder/), and sixteen took another
     * ~10 % off eight (bench/results/2026-11-29-bzip2-scan-link-chains/).
     */
    private int walkSixteen(int budget) throws IOException {
        int[] block = tt;
        byte[] bytes = scratch;
        int p0 = position[0]; int p1 = position[1]; int p2 = position[2]; int p3 = position[3];
        int p4 = position[4]; int p5 = position[5]; int p6 = position[6]; int p7 = position[7];
        int p8 = position[8]; int p9 = position[9]; int p10 = position[10]; int p11 = position[11];
        int p12 = position[12]; int p13 = position[13]; int p14 = position[14]; int p15 = position[15];
        int w0 = written[0]; int w1 = written[1]; int w2 = written[2]; int w3 = written[3];
        int w4 = written[4]; int w5 = written[5]; int w6 = written[6]; int w7 = written[7];
        int w8 = written[8]; int w9 = written[9]; int w10 = written[10]; int w11 = written[11];
        int w12 = written[12]; int w13 = written[13]; int w14 = written[14]; int w15 = written[15];
        while (true) {
            int e0 = block[p0]; int e1 = block[p1]; int e2 = block[p2]; int e3 = block[p3];
            int e4 = block[p4]; int e5 = block[p5]; int e6 = block[p6]; int e7 = block[p7];
            int e8 = block[p8]; int e9 = block[p9]; int e10 = block[p10]; int e11 = block[p11];
            int e12 = block[p12]; int e13 = block[p13]; int e14 = block[p14]; int e15 = block[p15];
            if (((e0 | e1 | e2 | e3 | e4 | e5 | e6 | e7
                    | e8 | e9 | e10 | e11 | e12 | e13 | e14 | e15) & START) != 0) {
                break;
            }
            budget -= 16;
            if (budget < 0) {
                throw new IOException("corrupt block: its transform is not one cycle");
            }
            bytes[w0++] = (byte) e0; bytes[w1++] = (byte) e1;
            bytes[w2++] = (byte) e2; bytes[w3++] = (byte) e3;
            bytes[w4++] = (byte) e4; bytes[w5++] = (byte) e5;
            bytes[w6++] = (byte) e6; bytes[w7++] = (byte) e7;
            bytes[w8++] = (byte) e8; bytes[w9++] = (byte) e9;
            bytes[w10++] = (byte) e10; bytes[w11++] = (byte) e11;
            bytes[w12++] = (byte) e12; bytes[w13++] = (byte) e13;
            bytes[w14++] = (byte) e14; bytes[w15++] = (byte) e15;
            p0 = (e0 & LINK) >>> 8; p1 = (e1 & LINK) >>> 8;
            p2 = (e2 & LINK) >>> 8; p3 = (e3 & LINK) >>> 8;
            p4 = (e4 & LINK) >>> 8; p5 = (e5 & LINK) >>> 8;
            p6 = (e6 & LINK) >>> 8; p7 = (e7 & LINK) >>> 8;
            p8 = (e8 & LINK) >>> 8; p9 = (e9 & LINK) >>> 8;
            p10 = (e10 & LINK) >>> 8; p11 = (e11 & LINK) >>> 8;
            p12 = (e12 & LINK) >>> 8; p13 = (e13 & LINK) >>> 8;
            p14 = (e14 & LINK) >>> 8; p15 = (e15 & LINK) >>> 8;
        }
        position[0] = p0; position[1] = p1; position[2] = p2; position[3] = p3;
        position[4] = p4; position[5] = p5; position[6] = p6; position[7] = p7;
        position[8] = p8; position[9] = p9; position[10] = p10; position[11] = p11;
        position[12] = p12; position[13] = p13; position[14] = p14; position[15] = p15;
        written[0] = w0; written[1] = w1; written[2] = w2; written[3] = w3;
        written[4] = w4; written[5] = w5; written[6] = w6; written[7] = w7;
        written[8] = w8; written[9] = w9; written[10] = w10; written[11] = w11;
        written[12] = w12; written[13] = w13; written[14] = w14; written[15] = w15;
        return budget;
    }

    /** Marks the segment starts: the origin's successor first, then up to {@value #SEEDS} positions spread over the table. */
    private void markSeeds(int first, int n) {
        seedCount = 0;
        tt[first] |= START;
        seeds[seedCount++] = first;
        for (int k = 1; k < SEEDS; k++) {
            int candidate = (int) ((long) k * n / SEEDS);
            if ((tt[candidate] & START) == 0) {
                tt[candidate] |= START;
                seeds[seedCount++] = candidate;
            }
        }
    }

    /** Starts a segment at {@code start} on chain {@code c}: writes its first byte, returns the next position. */
    private int startSegment(int c, int start) {
        int entry = tt[start];
        segmentStart[segments] = start;
        segmentFrom[segments] = written[c];
        segmentOf[c] = segments++;
        scratch[written[c]++] = (byte) entry;
        return (entry & LINK) >>> 8;
    }

    /** The segments in text order, from the one at {@code first}, into {@link #text}; then the last run-length stage into {@code out}. */
    private Bzip2Block.Decoded join(int first, int n, byte[] out) throws IOException {
        if (text.length < n) {
            text = new byte[tt.length];
        }
        int joined = 0;
        int segment = segmentAt(first);
        for (int k = 0; k < segments && segment >= 0; k++) {
            int from = segmentFrom[segment];
            int length = segmentEnd[segment] - from;
            if (joined + length > n) {
                break;
            }
            System.arraycopy(scratch, from, text, joined, length);
            joined += length;
            if (segmentNext[segment] == first) {
                break;
            }
            segment = segmentAt(segmentNext[segment]);
        }
        if (joined != n) {
            throw new IOException("corrupt block: its transform is not one cycle");
        }
        return unrunLength(text, n, out);
    }

    /**
     * Undoes bzip2's first stage: after 4 equal bytes, the next is a count of more. Eight bytes
     * at a time where no run of 4 can start near them (most of a text; tested on whole words,
     * {@link #zeroBytes}), byte by byte elsewhere: byte by byte throughout, this stage was a
     * fifth of a block's decoding.
     */
    private static Bzip2Block.Decoded unrunLength(byte[] t, int n, byte[] out) {
        int length = 0;
        int last = -1;
        int same = 0;
        int i = 0;
        while (i < n) {
            // Eight bytes pass as they are when none is a count: the one before them is not
            // (same < 4) and no run of 4 equal bytes starts from 3 before them to 4 into them
            // (byte k of the mask: t[i-3+k] .. t[i+k] all equal). A run is counted only when its
            // bytes are equal in the text, so then none completes inside them.
            if (same < 4 && i >= 3 && i + 8 <= n && length + 8 <= out.length) {
                long a = (long) LONGS.get(t, i - 3);
                long equal = zeroBytes(a ^ (long) LONGS.get(t, i - 2))
                        & zeroBytes(a ^ (long) LONGS.get(t, i - 1))
                        & zeroBytes(a ^ (long) LONGS.get(t, i));
                if (equal == 0) {
                    LONGS.set(out, length, (long) LONGS.get(t, i));
                    length += 8;
                    i += 8;
                    last = t[i - 1] & 0xff;
                    same = t[i - 2] != t[i - 1] ? 1 : t[i - 3] != t[i - 1] ? 2 : 3;
                    continue;
                }
            }
            int value = t[i++] & 0xff;
            if (same == 4) {
                if (length + value > out.length) {
                    out = Arrays.copyOf(out, Math.max(out.length * 2, length + value));
                }
                Arrays.fill(out, length, length + value, (byte) last);
                length += value;
                same = 0;
                continue;
            }
            if (value == last) {
                same++;
            } else {
                last = value;
                same = 1;
            }
            if (length == out.length) {
                out = Arrays.copyOf(out, out.length * 2);
            }
            out[length++] = (byte) value;
        }
        return new Bzip2Block.Decoded(out, length);
    }

    /** 0x80 in each byte of {@code v} that is zero, 0 in the others (exact: no borrow between bytes). */
    private static long zeroBytes(long v) {
        long low7 = 0x7f7f7f7f7f7f7f7fL;
        return ~(((v & low7) + low7) | v | low7);
    }

    private int segmentAt(int start) {
        for (int s = 0; s < segments; s++) {
            if (segmentStart[s] == start) {
                return s;
            }
        }
        return -1;
    }
}
