package dev.quarry.loader.stage;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Cuts a line-based stream into chunks that end at a newline, so chunks parse
 * independently and in parallel, and numbers their first lines. (A private splitter of
 * this stage; the input package may provide a shared one.)
 */
final class LineChunker {
    private final InputStream in;
    private byte[] carry = new byte[0];
    private int carryLen;
    private long nextLine = 1;
    private boolean eof;

    LineChunker(InputStream in) {
        this.in = in;
    }

    /**
     * Fills {@code buf} with whole lines (the last line of the stream may lack its newline).
     * Returns the chunk, or null at the end. A line longer than the buffer gets a larger
     * buffer of its own.
     */
    Chunk next(byte[] buf) throws IOException {
        if (eof && carryLen == 0) {
            return null;
        }
        if (carryLen > buf.length) {
            buf = new byte[carryLen * 2];
        }
        System.arraycopy(carry, 0, buf, 0, carryLen);
        int len = carryLen;
        carryLen = 0;
        while (true) {
            while (!eof && len < buf.length) {
                int n = in.read(buf, len, buf.length - len);
                if (n < 0) {
                    eof = true;
                } else {
                    len += n;
                }
            }
            if (eof) {
                if (len == 0) {
                    return null;
                }
                return chunk(buf, len);
            }
            int cut = lastNewline(buf, len);
            if (cut >= 0) {
                carryLen = len - cut - 1;
                if (carry.length < carryLen) {
                    carry = new byte[Math.max(carryLen, 1 << 16)];
                }
                System.arraycopy(buf, cut + 1, carry, 0, carryLen);
                return chunk(buf, cut + 1);
            }
            buf = Arrays.copyOf(buf, buf.length * 2); // one line longer than the buffer
        }
    }

    private Chunk chunk(byte[] buf, int len) {
        long first = nextLine;
        nextLine += countNewlines(buf, len);
        return new Chunk(buf, len, first);
    }

    private static int lastNewline(byte[] b, int len) {
        for (int i = len - 1; i >= 0; i--) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private static long countNewlines(byte[] b, int len) {
        long n = 0;
        for (int i = 0; i < len; i++) {
            if (b[i] == '\n') {
                n++;
            }
        }
        return n;
    }

    /** Whole lines {@code buf[0, len)} whose first line has number {@code firstLine}. */
    record Chunk(byte[] buf, int len, long firstLine) {}
}
