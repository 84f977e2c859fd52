package dev.quarry.loader.input;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;

/**
 * One candidate block of a bzip2 stream: the bits from a block magic up to the next block
 * magic or end-of-stream marker, as found by {@link Bzip2BlockSplitter}, and how to decode it
 * on its own. Blocks are not byte-aligned, so {@link #bytes} holds every byte the bits touch
 * and {@link #startBit} says where in the input they begin.
 *
 * <p>A candidate is a real block unless a block magic occurred by chance inside compressed
 * data; then it is the front part of a real block and fails to decode, and
 * {@link #joinedWith} glues it to the candidate that follows.
 */
record Bzip2Block(int stream, int index, int level, long startBit, byte[] bytes, long bitLength, boolean last,
                  int streamCrc) {
    static final long BLOCK_MAGIC = 0x314159265359L;
    static final long END_MAGIC = 0x177245385090L;
    /** Bits of a block magic plus the block CRC that follows it: the least a real block has. */
    static final int HEADER_BITS = 48 + 32;
    /**
     * Decoded bytes asked of the library per read: its read loop runs per byte, and in
     * moderate calls it gets compiled whole instead of on-stack-replaced in one long call.
     */
    private static final int READ_SIZE = 1 << 16;

    /**
     * @param stream which stream of the input (1-based; pbzip2 and lbzip2 write many)
     * @param index which candidate of that stream (1-based)
     * @param level the stream's block size digit, 1..9
     * @param startBit the absolute bit position of the block magic in the compressed input
     * @param bytes the input bytes from the one holding {@code startBit} to the one holding the last bit
     * @param bitLength how many bits the candidate has, magic and CRC included
     * @param last whether the end-of-stream marker follows
     * @param streamCrc the stream's combined CRC stored after that marker (if {@code last})
     */
    Bzip2Block {
        if (bitLength < 48 || (startBit & 7) + bitLength > (long) bytes.length * 8) {
            throw new IllegalArgumentException("a candidate holds at least its magic, within its bytes");
        }
    }

    long endBit() {
        return startBit + bitLength;
    }

    /** The approximate position for messages: the byte holding the block magic. */
    long byteOffset() {
        return startBit >>> 3;
    }

    /**
     * The block CRC stored after the magic (CRC-32 of the block's decoded bytes); 0 for a
     * candidate too short to hold one (a false magic just before a real one).
     */
    int crc() {
        return bitLength < HEADER_BITS ? 0 : (int) bits(48, 32);
    }

    /** This candidate followed by {@code next}, which must start where this one ends. */
    Bzip2Block joinedWith(Bzip2Block next) {
        if (next.startBit != endBit() || next.stream != stream) {
            throw new IllegalArgumentException("only adjacent candidates of one stream join");
        }
        // next.bytes starts with the byte holding next.startBit, which this candidate's bytes also end with.
        int keep = (int) ((next.startBit >>> 3) - (startBit >>> 3));
        byte[] joined = Arrays.copyOf(bytes, keep + next.bytes.length);
        System.arraycopy(next.bytes, 0, joined, keep, next.bytes.length);
        return new Bzip2Block(stream, index, level, startBit, joined, bitLength + next.bitLength, next.last,
                next.streamCrc);
    }

    /**
     * Decodes this block alone. Fails (IOException) if the candidate is not exactly one valid
     * block.
     */
    Decoded decode() throws IOException {
        return decode(null, new Bzip2BlockDecoder());
    }

    /**
     * As {@link #decode()}, with {@code decoder} (whose tables it reuses), into {@code buffer}
     * if it is not null and large enough for a usual block.
     */
    Decoded decode(byte[] buffer, Bzip2BlockDecoder decoder) throws IOException {
        try {
            return decoder.decode(this, buffer);
        } catch (Bzip2BlockDecoder.RandomisedBlockException e) {
            return decodeWithLibrary(buffer);
        }
    }

    /**
     * Decodes this block with commons-compress: the reference, and the decoder of randomised
     * blocks (which no bzip2 since 0.9.5 writes). Fails (IOException or a runtime exception
     * from the library) if the candidate is not exactly one valid block.
     */
    Decoded decodeWithLibrary(byte[] buffer) throws IOException {
        if (bitLength < HEADER_BITS) {
            throw new IOException("a candidate of " + bitLength + " bits is no block");
        }
        byte[] out = buffer != null && buffer.length >= usualSize(level) ? buffer : new byte[usualSize(level)];
        int n = 0;
        try (BZip2CompressorInputStream in = new BZip2CompressorInputStream(
                new ByteArrayInputStream(asSingleBlockStream()), false)) {
            int r;
            while ((r = in.read(out, n, Math.min(READ_SIZE, out.length - n))) >= 0) {
                n += r;
                if (n == out.length) {
                    out = Arrays.copyOf(out, out.length * 2);
                }
            }
        }
        return new Decoded(out, n);
    }

    /**
     * A block holds level x 100 kB after bzip2's first run-length stage, so text decodes to a
     * little more (its short runs of 4 expand) and long runs to much more: an eighth spare.
     */
    static int usualSize(int level) {
        return level * 112_500;
    }

    /** Decoded bytes: {@code bytes[0, length)}. */
    record Decoded(byte[] bytes, int length) {}

    /**
     * A complete one-block bzip2 stream: "BZh" + level, the candidate's bits re-aligned to a
     * byte, the end-of-stream marker and the combined CRC, padded to a byte. The combined CRC
     * of a stream is, block by block, {@code combined = rotl1(combined) ^ blockCrc} from 0, so
     * for one block it is the block CRC itself.
     */
    byte[] asSingleBlockStream() {
        long totalBits = 32 + bitLength + 48 + 32;
        byte[] out = new byte[(int) ((totalBits + 7) >>> 3)];
        out[0] = 'B';
        out[1] = 'Z';
        out[2] = 'h';
        out[3] = (byte) ('0' + level);
        int shift = (int) (startBit & 7);
        int whole = (int) (bitLength >>> 3);
        if (shift == 0) {
            System.arraycopy(bytes, 0, out, 4, whole);
        } else {
            for (int i = 0; i < whole; i++) {
                out[4 + i] = (byte) ((bytes[i] << shift) | ((bytes[i + 1] & 0xff) >>> (8 - shift)));
            }
        }
        int rest = (int) (bitLength & 7);
        long at = 32 + ((long) whole << 3);
        put(out, at, bits((long) whole << 3, rest), rest);
        put(out, at + rest, END_MAGIC, 48);
        put(out, at + rest + 48, crc() & 0xffffffffL, 32);
        return out;
    }

    /** {@code count} (at most 64) bits of this candidate from bit {@code from} (0 = the magic's first bit). */
    private long bits(long from, int count) {
        long value = 0;
        long at = (startBit & 7) + from;
        for (int i = 0; i < count; i++, at++) {
            value = (value << 1) | ((bytes[(int) (at >>> 3)] >>> (7 - (at & 7))) & 1);
        }
        return value;
    }

    /** Writes the low {@code count} bits of {@code value} into {@code out} at bit {@code at}, most significant first. */
    private static void put(byte[] out, long at, long value, int count) {
        for (int i = count - 1; i >= 0; i--, at++) {
            int mask = 0x80 >>> (at & 7);
            int idx = (int) (at >>> 3);
            out[idx] = (byte) (((value >>> i) & 1) != 0 ? out[idx] | mask : out[idx] & ~mask);
        }
    }
}
