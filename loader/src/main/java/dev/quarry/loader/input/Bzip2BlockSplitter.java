package dev.quarry.loader.input;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Cuts a bzip2 input (one or more concatenated streams) into candidate blocks by scanning
 * the bits for the 48-bit block magic and end-of-stream marker; blocks are not byte-aligned.
 * Reads the input sequentially and keeps only the current candidate in memory.
 *
 * <p>A marker can occur by chance inside compressed data. A false block magic yields two
 * candidates that the decoder joins again ({@link Bzip2Block#joinedWith}). A false
 * end-of-stream marker is recognised here: a real one is followed (after its CRC and the
 * padding) by the end of the input or the next stream's "BZh", or else its stored CRC
 * matches the blocks'; a false one is taken as block data and scanning goes on.
 */
final class Bzip2BlockSplitter {
    private static final long MASK_48 = (1L << 48) - 1;
    private static final int INITIAL_BUFFER = 1 << 20;
    private static final int READ_SIZE = 1 << 16;
    /**
     * Every byte-aligned pair of bytes that lies inside a block magic or end marker at some bit
     * offset, as a bit set over the 16-bit value (8 KiB). A marker has at least four such pairs,
     * and its last bit lies at most four bytes after the end of any of them: a byte that does
     * not end such a pair can be passed over unless one of the four bytes before it did. Random
     * bytes end one about once in a thousand, so the scan checks the eight bit offsets of a
     * marker only there; checking all of them at every byte was ~4 % of a {@code .nt.bz2} load's CPU.
     */
    private static final long[] MARKER_PAIRS = markerPairs();
    /** Bytes to check fully after one that ends a marker pair: itself and the four after it. */
    private static final int CHECKS_AFTER_PAIR = 5;

    private final InputStream in;
    /** Input bytes from absolute offset {@link #base}: the current candidate and what was read past it. */
    private byte[] buf = new byte[INITIAL_BUFFER];
    private long base;
    private int limit;
    private boolean eof;
    /** Next index of {@link #buf} to shift into {@link #window}. */
    private int scan;
    /** The last bits scanned, newest lowest. */
    private long window;
    /** Bytes still to check at every bit offset, counted down from {@link #CHECKS_AFTER_PAIR}. */
    private int checksDue;

    private boolean inStream;
    private int stream;
    private int level;
    private int candidates;
    private long candidateStart;
    private int combinedCrc;

    /** Test hook: absolute bit positions to cut at as if a block magic started there (sorted). */
    private long[] extraCuts = new long[0];
    private int nextExtraCut;

    Bzip2BlockSplitter(InputStream in) {
        this.in = in;
    }

    /**
     * Makes the splitter also cut at these absolute bit positions, as a block magic that occurs
     * by chance inside compressed data would; for testing the decoder's join-and-retry.
     */
    void cutAlsoAt(long... bitPositions) {
        extraCuts = bitPositions.clone();
        Arrays.sort(extraCuts);
        nextExtraCut = 0;
    }

    /**
     * The largest number of compressed bits a real block of {@code level} can have: at most
     * level x 100,000 + 1 symbols of at most 20 bits each, plus tables; 24 bits a symbol and
     * 64 KiB are margin.
     */
    static long maxBlockBits(int level) {
        return level * 100_001L * 24 + (64L << 13);
    }

    /** The next candidate block, or null after the last stream. */
    Bzip2Block next() throws IOException {
        while (!inStream) {
            if (!startStream()) {
                return null;
            }
        }
        return scanToBoundary();
    }

    /**
     * Reads a stream header at the current byte. Returns false at the clean end of the input;
     * true when a stream starts (with blocks if {@link #inStream}, else it was an empty stream).
     */
    private boolean startStream() throws IOException {
        long pos = base + scan;
        int n = ensure(pos, 10);
        if (n == 0 && stream > 0) {
            return false;
        }
        if (n < 4 || byteAt(pos) != 'B' || byteAt(pos + 1) != 'Z' || byteAt(pos + 2) != 'h'
                || byteAt(pos + 3) < '1' || byteAt(pos + 3) > '9') {
            throw new IOException(stream == 0 ? "not a bzip2 stream"
                    : "garbage after bzip2 stream " + stream + " at compressed byte " + pos);
        }
        stream++;
        level = byteAt(pos + 3) - '0';
        candidates = 0;
        combinedCrc = 0;
        if (n < 10) {
            throw new EOFException("input ends in the header of stream " + stream + " at compressed byte " + pos);
        }
        long magic = 0;
        for (int i = 4; i < 10; i++) {
            magic = (magic << 8) | byteAt(pos + i);
        }
        if (magic == Bzip2Block.END_MAGIC) { // an empty stream: its combined CRC is 0
            if (ensure(pos + 10, 4) < 4) {
                throw new EOFException("input ends in stream " + stream + " at compressed byte " + pos);
            }
            if (bits((pos + 10) << 3, 32) != 0) {
                throw new IOException("bad CRC of empty stream " + stream + " at compressed byte " + pos);
            }
            scan = (int) (pos + 14 - base);
            return true;
        }
        if (magic != Bzip2Block.BLOCK_MAGIC) {
            throw new IOException("no block magic after the header of stream " + stream + " at compressed byte " + pos);
        }
        candidateStart = (pos + 4) << 3;
        scan = (int) (pos + 10 - base);
        window = magic;
        inStream = true;
        return true;
    }

    /** Scans from {@link #scan} to the next boundary after {@link #candidateStart} and cuts there. */
    private Bzip2Block scanToBoundary() throws IOException {
        // The next marker may overlap this candidate's CRC only if the candidate is false (a
        // magic by chance just before a real one), and the decoder then joins it onward.
        long minStart = candidateStart + 48;
        while (nextExtraCut < extraCuts.length && extraCuts[nextExtraCut] < minStart) {
            nextExtraCut++;
        }
        long extraCut = nextExtraCut < extraCuts.length ? extraCuts[nextExtraCut] : Long.MAX_VALUE;
        // The absolute byte holding the last bit of a marker placed at extraCut.
        long extraCutByte = extraCut == Long.MAX_VALUE ? Long.MAX_VALUE : (extraCut + 47) >>> 3;
        while (true) {
            if (scan == limit && !fill()) {
                throw new EOFException("input ends inside block " + (candidates + 1) + " of stream " + stream
                        + ", which starts at compressed byte " + (candidateStart >>> 3));
            }
            if (checksDue == 0) {
                passQuietBytes(extraCutByte);
                if (scan == limit) {
                    continue;
                }
                checksDue = 1; // the byte at scan ends a marker pair (armed below), or is extraCut's
            }
            window = (window << 8) | (buf[scan++] & 0xff);
            checksDue = endsMarkerPair(window) ? CHECKS_AFTER_PAIR - 1 : checksDue - 1;
            long end = (base + scan) << 3;
            // Markers ending in this byte, the earliest first.
            for (int k = 7; k >= 0; k--) {
                long start = end - k - 48;
                if (start < minStart) {
                    continue;
                }
                long bits = (window >>> k) & MASK_48;
                if (bits == Bzip2Block.BLOCK_MAGIC || start == extraCut) {
                    if (start == extraCut) {
                        nextExtraCut++;
                    }
                    return cut(start, false, 0);
                }
                if (bits == Bzip2Block.END_MAGIC) {
                    Bzip2Block last = endOfStream(start);
                    if (last != null) {
                        return last;
                    }
                }
            }
        }
    }

    /**
     * Shifts into {@link #window} the buffered bytes from {@link #scan} on that end no marker
     * pair, stopping before one that does, before absolute byte {@code stopByte}, or at {@link #limit}.
     */
    private void passQuietBytes(long stopByte) {
        byte[] bytes = buf;
        int stop = limit;
        long stopAt = stopByte - base;
        if (stopAt >= scan && stopAt < stop) {
            stop = (int) stopAt;
        }
        long w = window;
        int i = scan;
        while (i < stop) {
            long next = (w << 8) | (bytes[i] & 0xff);
            if (endsMarkerPair(next)) {
                break;
            }
            w = next;
            i++;
        }
        window = w;
        scan = i;
    }

    /** Whether the last two bytes of {@code window} are a pair of {@link #MARKER_PAIRS}. */
    private static boolean endsMarkerPair(long window) {
        int pair = (int) window & 0xffff;
        return (MARKER_PAIRS[pair >>> 6] & (1L << pair)) != 0;
    }

    /** The bit set of {@link #MARKER_PAIRS}. */
    private static long[] markerPairs() {
        long[] set = new long[(1 << 16) / 64];
        for (long marker : new long[] {Bzip2Block.BLOCK_MAGIC, Bzip2Block.END_MAGIC}) {
            for (int offset = 0; offset < 8; offset++) {
                // The marker at this bit offset of a 7-byte field; bytes 1 to 5 are inside it at every offset.
                long field = marker << (8 - offset);
                for (int b = 1; b < 5; b++) {
                    int pair = (int) (field >>> (48 - 8 * b - 8)) & 0xffff;
                    set[pair >>> 6] |= 1L << pair;
                }
            }
        }
        return set;
    }

    /** The last candidate of the stream if the end marker at {@code start} is real, else null. */
    private Bzip2Block endOfStream(long start) throws IOException {
        long crcAt = start + 48;
        long after = (crcAt + 32 + 7) >>> 3; // the byte after the stored CRC and the padding
        int n = ensure(start >>> 3, (int) (after - (start >>> 3)) + 4);
        long have = (start >>> 3) + n;
        if (have < after) {
            return null; // the input ends inside the would-be CRC: block data, so truncated
        }
        int stored = (int) bits(crcAt, 32);
        boolean nextStream = have >= after + 4 && byteAt(after) == 'B' && byteAt(after + 1) == 'Z'
                && byteAt(after + 2) == 'h' && byteAt(after + 3) >= '1' && byteAt(after + 3) <= '9';
        int blockCrc = (int) bits(candidateStart + 48, 32);
        boolean crcMatches = stored == (Integer.rotateLeft(combinedCrc, 1) ^ blockCrc);
        if (have > after && !nextStream && !crcMatches) {
            return null;
        }
        Bzip2Block last = cut(start, true, stored);
        scan = (int) (after - base);
        inStream = false;
        return last;
    }

    /** The candidate from {@link #candidateStart} to {@code end}; the next one starts at {@code end}. */
    private Bzip2Block cut(long end, boolean last, int streamCrc) {
        int from = (int) ((candidateStart >>> 3) - base);
        int to = (int) (((end + 7) >>> 3) - base);
        Bzip2Block block = new Bzip2Block(stream, ++candidates, level, candidateStart,
                Arrays.copyOfRange(buf, from, to), end - candidateStart, last, streamCrc);
        combinedCrc = Integer.rotateLeft(combinedCrc, 1) ^ block.crc();
        candidateStart = end;
        discardBefore(end >>> 3);
        return block;
    }

    /** Forgets the input before absolute byte {@code keep}. */
    private void discardBefore(long keep) {
        int drop = (int) (keep - base);
        System.arraycopy(buf, drop, buf, 0, limit - drop);
        limit -= drop;
        scan -= drop;
        base = keep;
    }

    /** Makes up to {@code count} bytes from absolute byte {@code at} available; returns how many are. */
    private int ensure(long at, int count) throws IOException {
        while (base + limit < at + count && fill()) {
            // keep reading
        }
        return (int) Math.max(0, Math.min(count, base + limit - at));
    }

    /** Reads more input after {@link #limit}, growing the buffer within a block's size; false at the end. */
    private boolean fill() throws IOException {
        if (eof) {
            return false;
        }
        if (limit == buf.length) {
            long held = (long) (limit - ((candidateStart >>> 3) - base)) << 3;
            if (inStream && held > maxBlockBits(level)) {
                throw new IOException("no bzip2 block boundary within " + (held >>> 3) + " bytes after compressed byte "
                        + (candidateStart >>> 3) + " (stream " + stream + ")");
            }
            buf = Arrays.copyOf(buf, buf.length * 2);
        }
        int r = in.read(buf, limit, Math.min(READ_SIZE, buf.length - limit));
        if (r < 0) {
            eof = true;
            return false;
        }
        limit += r;
        return true;
    }

    private int byteAt(long at) {
        return buf[(int) (at - base)] & 0xff;
    }

    /** {@code count} bits from absolute bit {@code at}, which must be in the buffer. */
    private long bits(long at, int count) {
        long value = 0;
        for (int i = 0; i < count; i++, at++) {
            value = (value << 1) | (byteAt(at >>> 3) >>> (7 - (at & 7)) & 1);
        }
        return value;
    }
}
