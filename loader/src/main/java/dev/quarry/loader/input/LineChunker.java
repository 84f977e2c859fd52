package dev.quarry.loader.input;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Cuts a decompressed line-based feed (N-Quads, N-Triples) into {@link Chunk}s of about
 * {@code chunkSize} bytes that end exactly after a '\n', so that several threads can parse
 * them at once. A line longer than the chunk size gets a larger chunk of its own; CRLF
 * endings stay whole because the cut is after the '\n'. Lines are counted by '\n' (a lone
 * CR is not a cut point, so a CR-only file becomes a single chunk, still correct). A UTF-8
 * byte order mark at the start of the feed is left out of the first chunk.
 *
 * <p>Not thread-safe: one thread calls {@link #next}; any thread may {@link #recycle}.
 */
public final class LineChunker {
    /** Default chunk size: large enough to amortise hand-off, small enough to spread over cores. */
    public static final int DEFAULT_CHUNK_SIZE = 4 << 20;

    private static final int POOL_SIZE = 16;

    private final InputStream in;
    private final String feed;
    private final int chunkSize;
    /** Buffers handed back by consumers, reused instead of allocating a new one per chunk. */
    private final BlockingQueue<byte[]> pool = new ArrayBlockingQueue<>(POOL_SIZE);

    /** Bytes read after the last cut: the start of the next chunk. */
    private byte[] carry = new byte[0];
    private int carryLength;
    private long nextLine = 1;
    private boolean eof;
    private boolean atStart = true;

    public LineChunker(InputStream in, String feed, int chunkSize) {
        if (chunkSize < 1) {
            throw new IllegalArgumentException("chunkSize must be positive: " + chunkSize);
        }
        this.in = in;
        this.feed = feed;
        this.chunkSize = chunkSize;
    }

    /** Chunks of a feed's stream. */
    public LineChunker(Feed feed, int chunkSize) {
        this(feed.stream(), feed.name(), chunkSize);
    }

    /**
     * The next chunk, or null when the feed is exhausted (at once for an empty feed). A chunk
     * is the longest run of whole lines that fits in the chunk size or, if the first line
     * alone is longer, that one line.
     */
    public Chunk next() throws IOException {
        if (eof && carryLength == 0) {
            return null;
        }
        byte[] buf = buffer(Math.max(chunkSize, carryLength));
        System.arraycopy(carry, 0, buf, 0, carryLength);
        int filled = fill(buf, carryLength);
        carryLength = 0;
        if (eof && filled <= chunkSize) { // the rest fits: the last chunk
            return filled == 0 ? null : cut(buf, filled, filled);
        }
        int limit = Math.min(filled, chunkSize);
        int lastNewline = lastIndexOf(buf, 0, limit);
        if (lastNewline >= 0) {
            return cut(buf, lastNewline + 1, filled);
        }
        // The first line is longer than a chunk: grow until it ends.
        int scanFrom = limit;
        while (true) {
            int newline = indexOf(buf, scanFrom, filled);
            if (newline >= 0) {
                return cut(buf, newline + 1, filled);
            }
            if (eof) {
                return cut(buf, filled, filled);
            }
            scanFrom = filled;
            buf = Arrays.copyOf(buf, buf.length * 2);
            filled = fill(buf, filled);
        }
    }

    /** Hands a parsed chunk's buffer back for reuse; the chunk must no longer be read. */
    public void recycle(Chunk chunk) {
        if (chunk.bytes().length == chunkSize) {
            pool.offer(chunk.bytes());
        }
    }

    /** The chunk {@code buf[0, end)}; bytes {@code [end, filled)} carry over to the next one. */
    private Chunk cut(byte[] buf, int end, int filled) {
        int rest = filled - end;
        if (carry.length < rest) {
            carry = new byte[Math.max(rest, Math.min(chunkSize, 1 << 16))];
        }
        System.arraycopy(buf, end, carry, 0, rest);
        carryLength = rest;
        int from = 0;
        if (atStart) {
            atStart = false;
            // A leading UTF-8 byte order mark is a signature, not text (RIOT skips it too).
            if (end >= 3 && buf[0] == (byte) 0xEF && buf[1] == (byte) 0xBB && buf[2] == (byte) 0xBF) {
                from = 3;
            }
        }
        Chunk chunk = new Chunk(buf, from, end - from, feed, nextLine);
        nextLine += Newlines.count(buf, 0, end);
        return chunk;
    }

    private byte[] buffer(int atLeast) {
        if (atLeast <= chunkSize) {
            byte[] reused = pool.poll();
            return reused != null ? reused : new byte[chunkSize];
        }
        return new byte[atLeast];
    }

    /** Reads until {@code buf} is full or the input ends; returns the new fill level. */
    private int fill(byte[] buf, int filled) throws IOException {
        if (eof) {
            return filled;
        }
        while (filled < buf.length) {
            int n = in.read(buf, filled, buf.length - filled);
            if (n < 0) {
                eof = true;
                break;
            }
            filled += n;
        }
        return filled;
    }

    private static int lastIndexOf(byte[] buf, int from, int to) {
        for (int i = to - 1; i >= from; i--) {
            if (buf[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private static int indexOf(byte[] buf, int from, int to) {
        for (int i = from; i < to; i++) {
            if (buf[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

}
