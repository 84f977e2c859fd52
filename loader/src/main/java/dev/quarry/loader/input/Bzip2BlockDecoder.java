package dev.quarry.loader.input;

import java.io.IOException;
import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * Decodes one bzip2 block (a {@link Bzip2Block} cut by {@link Bzip2BlockSplitter}) straight
 * from its bits into a byte array: Huffman and move-to-front decoding, the inverse
 * Burrows-Wheeler transform and the final run-length stage ({@link Bzip2InverseTransform}),
 * then the block CRC. Its tables take about 20 MB at level 9, reused from
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

    /** The block before the inverse transform: a byte per position (low 8 bits; the transform adds the links above). */
    private int[] tt = new int[0];
    private final Bzip2InverseTransform inverse = new Bzip2InverseTransform();
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
            Bzip2Block.Decoded decoded = inverse.apply(tt, counts, n, origPtr, out);
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
