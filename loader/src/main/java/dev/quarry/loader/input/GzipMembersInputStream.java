package dev.quarry.loader.input;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Reads gzip (RFC 1952) with any number of members, as bgzip and pigz write, and is strict
 * where the alternatives are lenient: every member's CRC and length are checked, and bytes
 * after a member that are not another member are an error, never a silent end of data.
 * (java.util.zip.GZIPInputStream stops quietly at a malformed second member, and before JDK 23
 * could stop early when {@code available()} was 0; commons-compress is strict but slower.)
 */
final class GzipMembersInputStream extends InputStream {
    private static final int FHCRC = 2;
    private static final int FEXTRA = 4;
    private static final int FNAME = 8;
    private static final int FCOMMENT = 16;
    private static final int RESERVED = 0xe0;

    private final InputStream in;
    private final Inflater inflater = new Inflater(true);
    private final CRC32 crc = new CRC32();
    private final byte[] input = new byte[1 << 16];
    private int inputLength;
    /** Start of the bytes in {@link #input} that the inflater has not been given (header/trailer parsing). */
    private int inputPos;
    private final byte[] one = new byte[1];
    private boolean eof;
    private boolean closed;

    /** Reads the first member's header; fails at once if {@code in} is not gzip. */
    GzipMembersInputStream(InputStream in) throws IOException {
        this.in = in;
        if (!readHeader(true)) {
            throw new EOFException("empty gzip stream");
        }
        giveRestToInflater();
    }

    @Override
    public int read() throws IOException {
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (closed) {
            throw new IOException("stream closed");
        }
        if (len == 0) {
            return 0;
        }
        while (!eof) {
            int n;
            try {
                n = inflater.inflate(b, off, len);
            } catch (DataFormatException e) {
                throw new IOException("invalid deflate data: " + e.getMessage(), e);
            }
            if (n > 0) {
                crc.update(b, off, n);
                return n;
            }
            if (inflater.finished()) {
                endMember();
            } else if (inflater.needsDictionary()) {
                throw new IOException("invalid deflate data: preset dictionary");
            } else if (inflater.needsInput()) {
                refill();
                inflater.setInput(input, 0, inputLength);
                inputPos = inputLength;
            }
        }
        return -1;
    }

    /** Checks the trailer of the finished member, then starts the next one or ends. */
    private void endMember() throws IOException {
        inputPos = inputLength - inflater.getRemaining();
        long expectedCrc = readUInt32();
        long expectedSize = readUInt32();
        if (expectedCrc != crc.getValue()) {
            throw new IOException("CRC mismatch in gzip member");
        }
        if (expectedSize != (inflater.getBytesWritten() & 0xffffffffL)) {
            throw new IOException("length mismatch in gzip member");
        }
        inflater.reset();
        crc.reset();
        if (!readHeader(false)) {
            eof = true;
            return;
        }
        giveRestToInflater();
    }

    /** After a header: the bytes already buffered behind it are the member's deflate data. */
    private void giveRestToInflater() {
        inflater.setInput(input, inputPos, inputLength - inputPos);
        inputPos = inputLength;
    }

    /** Parses a member header; false if the input ended cleanly before one. */
    private boolean readHeader(boolean first) throws IOException {
        int id1 = nextByte(true);
        if (id1 < 0) {
            return false;
        }
        if (id1 != 0x1f || nextByte(false) != 0x8b) {
            throw new IOException(first ? "not in gzip format" : "garbage after a gzip member");
        }
        if (nextByte(false) != 8) {
            throw new IOException("unsupported gzip compression method");
        }
        int flags = nextByte(false);
        if ((flags & RESERVED) != 0) {
            throw new IOException("reserved gzip header flags set");
        }
        skip(6); // MTIME, XFL, OS
        if ((flags & FEXTRA) != 0) {
            skip(nextByte(false) | (nextByte(false) << 8));
        }
        if ((flags & FNAME) != 0) {
            skipZeroTerminated();
        }
        if ((flags & FCOMMENT) != 0) {
            skipZeroTerminated();
        }
        if ((flags & FHCRC) != 0) {
            skip(2);
        }
        return true;
    }

    private long readUInt32() throws IOException {
        long v = 0;
        for (int i = 0; i < 4; i++) {
            v |= (long) nextByte(false) << (8 * i);
        }
        return v;
    }

    private void skip(int n) throws IOException {
        for (int i = 0; i < n; i++) {
            nextByte(false);
        }
    }

    private void skipZeroTerminated() throws IOException {
        while (nextByte(false) != 0) {
            // skip the file name or comment
        }
    }

    /** The next header/trailer byte; -1 at the end only if {@code endAllowed}. */
    private int nextByte(boolean endAllowed) throws IOException {
        if (inputPos == inputLength) {
            if (!tryRefill()) {
                if (endAllowed) {
                    return -1;
                }
                throw new EOFException("unexpected end of gzip data");
            }
            inputPos = 0;
        }
        return input[inputPos++] & 0xff;
    }

    private void refill() throws IOException {
        if (!tryRefill()) {
            throw new EOFException("unexpected end of gzip data");
        }
    }

    private boolean tryRefill() throws IOException {
        int n = in.read(input, 0, input.length);
        while (n == 0) {
            n = in.read(input, 0, input.length);
        }
        if (n < 0) {
            return false;
        }
        inputLength = n;
        return true;
    }

    @Override
    public void close() throws IOException {
        if (!closed) {
            closed = true;
            inflater.end();
            in.close();
        }
    }
}
