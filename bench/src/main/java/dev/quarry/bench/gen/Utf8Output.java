package dev.quarry.bench.gen;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A buffered UTF-8 byte writer for strings, faster than a Writer because the generator's text
 * is almost all ASCII. Characters outside the BMP are not produced by the generator and are
 * rejected rather than written wrongly.
 */
final class Utf8Output implements AutoCloseable {
    private final OutputStream out;
    private final byte[] buf = new byte[1 << 16];
    private int pos;
    private long written;

    Utf8Output(OutputStream out) {
        this.out = out;
    }

    void ascii(char c) throws IOException {
        if (pos == buf.length) {
            flushBuffer();
        }
        buf[pos++] = (byte) c;
    }

    void text(String s) throws IOException {
        for (int i = 0, n = s.length(); i < n; i++) {
            if (pos + 3 > buf.length) {
                flushBuffer();
            }
            char c = s.charAt(i);
            if (c < 0x80) {
                buf[pos++] = (byte) c;
            } else if (c < 0x800) {
                buf[pos++] = (byte) (0xC0 | (c >> 6));
                buf[pos++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isSurrogate(c)) {
                throw new IllegalArgumentException("generator text must stay in the BMP: " + s);
            } else {
                buf[pos++] = (byte) (0xE0 | (c >> 12));
                buf[pos++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                buf[pos++] = (byte) (0x80 | (c & 0x3F));
            }
        }
    }

    /** Bytes handed to the underlying stream so far plus those buffered. */
    long bytesWritten() {
        return written + pos;
    }

    private void flushBuffer() throws IOException {
        out.write(buf, 0, pos);
        written += pos;
        pos = 0;
    }

    @Override
    public void close() throws IOException {
        try (out) {
            flushBuffer();
        }
    }
}
