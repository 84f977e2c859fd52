package dev.quarry.loader.input;

import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Turns whatever a codec library throws on bad data into one line that names the feed and
 * the codec ("dump.nq.gz: corrupt gzip data: ..."), keeping the original as the cause.
 * Libraries throw IOExceptions of their own kinds and, for some corruptions, runtime
 * exceptions; both are caught here.
 */
final class DecoderErrors extends FilterInputStream {
    private final String feed;
    private final Compression codec;

    DecoderErrors(InputStream decoded, String feed, Compression codec) {
        super(decoded);
        this.feed = feed;
        this.codec = codec;
    }

    @Override
    public int read() throws IOException {
        try {
            return super.read();
        } catch (IOException | RuntimeException e) {
            throw describe(e);
        }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        try {
            return in.read(b, off, len);
        } catch (IOException | RuntimeException e) {
            throw describe(e);
        }
    }

    private IOException describe(Exception e) {
        if (e instanceof ResumableBody.FetchFailedException failed) {
            return failed; // the download failed, the data may be fine: its message says so already
        }
        String what = e instanceof EOFException ? "truncated " + codec.label() + " data"
                : "corrupt " + codec.label() + " data";
        String detail = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return new IOException(feed + ": " + what + " (" + detail + ")", e);
    }
}
