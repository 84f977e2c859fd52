package dev.quarry.loader.input;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * Decodes one bzip2 block (a {@link Bzip2Block} cut by {@link Bzip2BlockSplitter}) straight
 * from its bits into a byte array: Huffman and move-to-front decoding, the inverse
 * Burrows-Wheeler transform (walked by several chains at once, {@link #unwind}), the final
 * run-length stage, then the block CRC. Its tables take about 13 MB at level 9, reused from
 * block to block.
 *
 * <p>Hand-written for speed, next to commons-compress (which stays the reference in the
 * tests and decodes the rare randomised blocks): the library decodes through a per-byte
 * state machine behind {@code InputStream.read}, about 56 MB/s per core on BSBM's N-Triples
 * here, and bzip2 decoding was most of the CPU of a {@code .nt.bz2} load. This class decodes
 * a whole block per call with its tables reused between blocks (one decoder per thread).
 *
 * <p>The format, as bzip2 1.0 writes it: after the 48-bit block magic, the block CRC (32),
 * a randomised flag (1), the origin pointer (24), the bytes in use (a 16-bit map of
 * 16-byte ranges, 16 bits per range present), the number of Huffman tables (3 bits, 2-6),
 * of selectors (15), the selectors as move-to-front unary codes, each table's code lengths
 * (5 bits, then per symbol a delta code), and the symbols: every 50 the next selector names
 * the table; RUNA/RUNB write a run of the front byte in bijective base 2, the others a
 * move-to-front index plus one, and the last symbol ends the block.
 *
 * <p>Not thread-safe: one instance per decoding thread.
 */
final class Bzip2BlockDecoder {
    private static final int RUNA = 0;
    private static final int RUNB = 1;
    private static final int MAX_GROUPS = 6;
    private static final int MAX_ALPHA = 258;
    private static final int MAX_CODE_LEN = 20;
    private static final int GROUP_SIZE = 50;
    /** Bits a lookup table resolves at once; longer codes (rare) take the canonical walk. */
    private static final int LOOKUP_BITS = 10;
    /** Block bytes per unit of the level (bzip2's "100k"). */
    private static final int LEVEL_UNIT = 100_000;

    /** Chains walking the inverse transform at once ({@link #unwind}). */
    private static final int CHAINS = 8;
    /** Segment starts spread over the table for the chains to take up. */
    private static final int SEEDS = 128;
    /** In an entry of {@link #tt}: the position of the successor (blocks are below 2^20 bytes). */
    private static final int LINK = 0x0fffff00;
    /** In an entry of {@link #tt}: a segment of {@link #unwind} starts here. */
    private static final int START = 0x80000000;

    /** The block before the inverse transform: a byte per position (low 8 bits), then the links. */
    private int[] tt = new int[0];
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
    private final byte[] selectors = new byte[1 << 15];
    private final byte[][] lengths = new byte[MAX_GROUPS][MAX_ALPHA];
    /** Per table: (symbol << 8 | length) for each LOOKUP_BITS-bit prefix of a short code, 0 where longer. */
    private final int[][] lookup = new int[MAX_GROUPS][1 << LOOKUP_BITS];
    /** Per table and length: the first canonical code, how many codes, where they start in {@link #perm}. */
    private final int[][] firstCode = new int[MAX_GROUPS][MAX_CODE_LEN + 2];
    private final int[][] codeCount = new int[MAX_GROUPS][MAX_CODE_LEN + 2];
    private final int[][] permStart = new int[MAX_GROUPS][MAX_CODE_LEN + 2];
    private final int[][] perm = new int[MAX_GROUPS][MAX_ALPHA];
    private final int[] maxLen = new int[MAX_GROUPS];
    private final byte[] seqToUnseq = new byte[256];
    private final byte[] mtf = new byte[256];
    private final int[] counts = new int[257];
    private final CRC32 crc = new CRC32();
    private byte[] reversed = new byte[0];
    /** The block's text before the last run-length stage: the segments joined in order. */
    private byte[] text = new byte[0];
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    // The bit reader: bits MSB first from in[next...], the unread ones right-aligned in buffer.
    private byte[] in;
    private int next;
    private long buffer;
    private int buffered;

    /** Thrown for a randomised block (bzip2 before 0.9.5): the caller decodes those with the library. */
    static final class RandomisedBlockException extends IOException {
        RandomisedBlockException() {
            super("randomised bzip2 block");
        }
    }

    /**
     * Decodes {@code block} into {@code buffer} if not null and large enough for a usual block
     * (else a new array). Fails with an IOException unless the candidate is exactly one valid
     * block whose bytes match its CRC.
     */
    Bzip2Block.Decoded decode(Bzip2Block block, byte[] buffer) throws IOException {
        if (block.bitLength() < Bzip2Block.HEADER_BITS) {
            throw new IOException("a candidate of " + block.bitLength() + " bits is no block");
        }
        int level = block.level();
        int maxBlock = level * LEVEL_UNIT;
        byte[] out = buffer != null && buffer.length >= Bzip2Block.usualSize(level)
                ? buffer : new byte[Bzip2Block.usualSize(level)];
        start(block);
        try {
            if (bits(24) != (Bzip2Block.BLOCK_MAGIC >>> 24) || bits(24) != (Bzip2Block.BLOCK_MAGIC & 0xffffff)) {
                throw new IOException("no block magic");
            }
            int storedCrc = (bits(16) << 16) | bits(16);
            if (bits(1) != 0) {
                throw new RandomisedBlockException();
            }
            int origPtr = bits(24);
            int inUse = readSymbolMap();
            int alphaSize = inUse + 2;
            int groups = bits(3);
            int selectorCount = bits(15);
            if (groups < 2 || groups > MAX_GROUPS || selectorCount < 1) {
                throw new IOException("bad table count " + groups + " or selector count " + selectorCount);
            }
            readSelectors(groups, selectorCount);
            for (int t = 0; t < groups; t++) {
                readLengths(t, alphaSize);
                buildTable(t, alphaSize);
            }
            int n = readSymbols(alphaSize, selectorCount, maxBlock);
            if (origPtr >= n) {
                throw new IOException("origin pointer " + origPtr + " outside a block of " + n);
            }
            long consumed = consumedBits(block);
            if (consumed != block.bitLength()) {
                throw new IOException("block ends at bit " + consumed + " of a candidate of " + block.bitLength());
            }
            linkInverse(n);
            Bzip2Block.Decoded decoded = unwind(origPtr, n, out);
            if (crcOf(decoded.bytes(), decoded.length()) != storedCrc) {
                throw new IOException("block CRC does not match");
            }
            return decoded;
        } finally {
            in = null;
        }
    }

    private void start(Bzip2Block block) {
        in = block.bytes();
        int shift = (int) (block.startBit() & 7);
        buffer = in[0] & (0xff >>> shift);
        buffered = 8 - shift;
        next = 1;
    }

    /** Bits read from the block's first (magic) bit on. */
    private long consumedBits(Bzip2Block block) {
        return (long) next * 8 - (block.startBit() & 7) - buffered;
    }

    /** Tops the buffer up to at least 57 bits; past the input's end it reads zeros (checked by the caller's bit count). */
    private void refill() throws IOException {
        while (buffered <= 56) {
            int b = 0;
            if (next < in.length) {
                b = in[next] & 0xff;
            } else if (next > in.length + 8) {
                throw new IOException("block runs past its candidate's end");
            }
            next++;
            buffer = (buffer << 8) | b;
            buffered += 8;
        }
    }

    /** The next {@code count} (at most 32) bits. */
    private int bits(int count) throws IOException {
        if (buffered < count) {
            refill();
        }
        buffered -= count;
        return (int) ((buffer >>> buffered) & ((1L << count) - 1));
    }

    private int readSymbolMap() throws IOException {
        int ranges = bits(16);
        int inUse = 0;
        for (int i = 0; i < 16; i++) {
            if ((ranges & (0x8000 >>> i)) != 0) {
                int used = bits(16);
                for (int j = 0; j < 16; j++) {
                    if ((used & (0x8000 >>> j)) != 0) {
                        seqToUnseq[inUse++] = (byte) (i * 16 + j);
                    }
                }
            }
        }
        if (inUse == 0) {
            throw new IOException("a block uses no byte");
        }
        return inUse;
    }

    private void readSelectors(int groups, int selectorCount) throws IOException {
        byte[] order = {0, 1, 2, 3, 4, 5};
        for (int i = 0; i < selectorCount; i++) {
            int j = 0;
            while (bits(1) != 0) {
                if (++j >= groups) {
                    throw new IOException("selector out of range");
                }
            }
            byte t = order[j];
            System.arraycopy(order, 0, order, 1, j);
            order[0] = t;
            selectors[i] = t;
        }
    }

    private void readLengths(int t, int alphaSize) throws IOException {
        int len = bits(5);
        byte[] lens = lengths[t];
        for (int i = 0; i < alphaSize; i++) {
            while (true) {
                if (len < 1 || len > MAX_CODE_LEN) {
                    throw new IOException("code length " + len + " out of range");
                }
                if (bits(1) == 0) {
                    break;
                }
                len += bits(1) == 0 ? 1 : -1;
            }
            lens[i] = (byte) len;
        }
    }

    /** Canonical codes from the lengths (shorter first, then by symbol), as bzip2 assigns them. */
    private void buildTable(int t, int alphaSize) throws IOException {
        byte[] lens = lengths[t];
        int[] count = codeCount[t];
        int[] first = firstCode[t];
        int[] startAt = permStart[t];
        int[] symbols = perm[t];
        int[] table = lookup[t];
        Arrays.fill(count, 0);
        int longest = 0;
        for (int i = 0; i < alphaSize; i++) {
            count[lens[i]]++;
            longest = Math.max(longest, lens[i]);
        }
        int code = 0;
        int at = 0;
        for (int len = 1; len <= MAX_CODE_LEN; len++) {
            first[len] = code;
            startAt[len] = at;
            code += count[len];
            at += count[len];
            if (code > (1 << len)) {
                throw new IOException("code lengths oversubscribed");
            }
            code <<= 1;
        }
        int[] fill = Arrays.copyOf(startAt, MAX_CODE_LEN + 1);
        for (int i = 0; i < alphaSize; i++) {
            symbols[fill[lens[i]]++] = i;
        }
        Arrays.fill(table, 0);
        for (int len = 1; len <= Math.min(longest, LOOKUP_BITS); len++) {
            for (int k = 0; k < count[len]; k++) {
                int sym = symbols[startAt[len] + k];
                int from = (first[len] + k) << (LOOKUP_BITS - len);
                Arrays.fill(table, from, from + (1 << (LOOKUP_BITS - len)), (sym << 8) | len);
            }
        }
        maxLen[t] = longest;
    }

    /** Huffman and move-to-front decoding into {@link #tt} (one byte per entry); returns the block size. */
    private int readSymbols(int alphaSize, int selectorCount, int maxBlock) throws IOException {
        if (tt.length < maxBlock) {
            tt = new int[maxBlock];
        }
        int[] block = tt;
        int[] freq = counts;
        Arrays.fill(freq, 0, 256, 0);
        for (int i = 0; i < 256; i++) {
            mtf[i] = (byte) i;
        }
        byte[] front = mtf;
        int eob = alphaSize - 1;
        int n = 0;
        int selector = 0;
        int left = 0;
        int[] table = null;
        int t = 0;
        int run = 0;
        int runWeight = 1;
        while (true) {
            if (left == 0) {
                if (selector >= selectorCount) {
                    throw new IOException("more symbols than selectors");
                }
                t = selectors[selector++];
                table = lookup[t];
                left = GROUP_SIZE;
            }
            left--;
            if (buffered < MAX_CODE_LEN) {
                refill();
            }
            int entry = table[(int) (buffer >>> (buffered - LOOKUP_BITS)) & ((1 << LOOKUP_BITS) - 1)];
            int sym;
            if (entry != 0) {
                buffered -= entry & 0xff;
                sym = entry >>> 8;
            } else {
                sym = longSymbol(t);
            }
            if (sym <= RUNB) {
                run += (sym + 1) * runWeight;
                runWeight <<= 1;
                if (run > maxBlock) {
                    throw new IOException("run longer than a block");
                }
                continue;
            }
            if (run > 0) {
                n = writeRun(block, n, run, maxBlock, front, freq);
                run = 0;
                runWeight = 1;
            }
            if (sym == eob) {
                return n;
            }
            if (n >= maxBlock) {
                throw new IOException("block larger than its level allows");
            }
            int index = sym - 1;
            byte b = front[index];
            if (index < 16) {
                for (int k = index; k > 0; k--) {
                    front[k] = front[k - 1];
                }
            } else {
                System.arraycopy(front, 0, front, 1, index);
            }
            front[0] = b;
            int value = seqToUnseq[b & 0xff] & 0xff;
            freq[value]++;
            block[n++] = value;
        }
    }

    private int writeRun(int[] block, int n, int run, int maxBlock, byte[] front, int[] freq) throws IOException {
        if (n + run > maxBlock) {
            throw new IOException("block larger than its level allows");
        }
        int value = seqToUnseq[front[0] & 0xff] & 0xff;
        freq[value] += run;
        Arrays.fill(block, n, n + run, value);
        return n + run;
    }

    /** A symbol whose code is longer than {@link #LOOKUP_BITS}: the canonical walk, length by length. */
    private int longSymbol(int t) throws IOException {
        int[] first = firstCode[t];
        int[] count = codeCount[t];
        int longest = maxLen[t];
        for (int len = LOOKUP_BITS + 1; len <= longest; len++) {
            int code = (int) (buffer >>> (buffered - len)) & ((1 << len) - 1);
            int k = code - first[len];
            if (k >= 0 && k < count[len]) {
                buffered -= len;
                return perm[t][permStart[t][len] + k];
            }
        }
        throw new IOException("invalid Huffman code");
    }

    /** Adds to each entry of {@link #tt} the position of its successor in the original order (bits 8 up). */
    private void linkInverse(int n) {
        int[] block = tt;
        int[] next = counts;
        int sum = 0;
        for (int i = 0; i < 256; i++) {
            int c = next[i];
            next[i] = sum;
            sum += c;
        }
        for (int i = 0; i < n; i++) {
            int value = block[i] & 0xff;
            block[next[value]++] |= i << 8;
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
     * in text order: each one continues where the one before it stopped. 1.4-2.2x faster than
     * one chain on BSBM's N-Triples and on generated N-Quads; two chains, or tables of two
     * or four steps per entry, were no faster. The walk writes nothing into the table: an
     * earlier version marked every entry it walked, and whole blocks took about 13 % longer
     * to decode (medians, BSBM's N-Triples; bench/results/2026-11-29-bzip2-decoder/).
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
            if (active == 8 && CHAINS == 8) {
                budget = walkEight(budget);
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
     * Steps eight chains side by side until one of them meets a segment start; returns the
     * budget left. The chains' positions are locals here, so the eight table reads of a round
     * are issued together (in {@link #unwind}'s loop each chain's state is in arrays, read and
     * written back per byte): whole blocks decoded in about a fifth less time (bench/results/2026-11-29-bzip2-decoder/).
     */
    private int walkEight(int budget) throws IOException {
        int[] block = tt;
        byte[] bytes = scratch;
        int p0 = position[0], p1 = position[1], p2 = position[2], p3 = position[3];
        int p4 = position[4], p5 = position[5], p6 = position[6], p7 = position[7];
        int w0 = written[0], w1 = written[1], w2 = written[2], w3 = written[3];
        int w4 = written[4], w5 = written[5], w6 = written[6], w7 = written[7];
        while (true) {
            int e0 = block[p0], e1 = block[p1], e2 = block[p2], e3 = block[p3];
            int e4 = block[p4], e5 = block[p5], e6 = block[p6], e7 = block[p7];
            if (((e0 | e1 | e2 | e3 | e4 | e5 | e6 | e7) & START) != 0) {
                break;
            }
            budget -= 8;
            if (budget < 0) {
                throw new IOException("corrupt block: its transform is not one cycle");
            }
            bytes[w0++] = (byte) e0;
            bytes[w1++] = (byte) e1;
            bytes[w2++] = (byte) e2;
            bytes[w3++] = (byte) e3;
            bytes[w4++] = (byte) e4;
            bytes[w5++] = (byte) e5;
            bytes[w6++] = (byte) e6;
            bytes[w7++] = (byte) e7;
            p0 = (e0 & LINK) >>> 8;
            p1 = (e1 & LINK) >>> 8;
            p2 = (e2 & LINK) >>> 8;
            p3 = (e3 & LINK) >>> 8;
            p4 = (e4 & LINK) >>> 8;
            p5 = (e5 & LINK) >>> 8;
            p6 = (e6 & LINK) >>> 8;
            p7 = (e7 & LINK) >>> 8;
        }
        position[0] = p0; position[1] = p1; position[2] = p2; position[3] = p3;
        position[4] = p4; position[5] = p5; position[6] = p6; position[7] = p7;
        written[0] = w0; written[1] = w1; written[2] = w2; written[3] = w3;
        written[4] = w4; written[5] = w5; written[6] = w6; written[7] = w7;
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

    /**
     * bzip2's CRC is CRC-32 with the bits of each byte and of the result in the other order
     * than java.util.zip.CRC32's (same polynomial, same initial and final values): reversing
     * the bytes lets the JDK's intrinsic do the work.
     */
    private int crcOf(byte[] data, int length) {
        if (reversed.length < length) {
            reversed = new byte[data.length];
        }
        byte[] r = reversed;
        for (int i = 0; i < length; i++) {
            r[i] = REVERSED_BITS[data[i] & 0xff];
        }
        crc.reset();
        crc.update(r, 0, length);
        return Integer.reverse((int) crc.getValue());
    }

    private static final byte[] REVERSED_BITS = new byte[256];

    static {
        for (int i = 0; i < 256; i++) {
            REVERSED_BITS[i] = (byte) (Integer.reverse(i) >>> 24);
        }
    }
}
