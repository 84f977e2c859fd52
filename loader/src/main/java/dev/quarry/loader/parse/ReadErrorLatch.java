package dev.quarry.loader.parse;

import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Remembers the first read error of a stream. Needed because RIOT's readers may treat
 * an {@link IOException} from the input as the end of the input or as a syntax error: a
 * truncated {@code .gz} then parses "successfully" as a shorter file, and data would be
 * lost silently. After parsing, {@link #rethrow} turns the remembered error into a failure.
 */
public final class ReadErrorLatch extends FilterInputStream {
    private final String name;
    private IOException failure;

    public ReadErrorLatch(String name, InputStream in) {
        super(in);
        this.name = name;
    }

    @Override
    public int read() throws IOException {
        try {
            return super.read();
        } catch (IOException e) {
            throw remember(e);
        }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        try {
            return super.read(b, off, len);
        } catch (IOException e) {
            throw remember(e);
        }
    }

    private IOException remember(IOException e) {
        if (failure == null) {
            failure = e;
        }
        return e;
    }

    /** Throws the first read error, if there was one, as {@code name: cannot read: why}. */
    public void rethrow() throws IOException {
        if (failure != null) {
            String why = failure instanceof EOFException && failure.getMessage() == null
                    ? "unexpected end of input (truncated or damaged file)"
                    : failure.getMessage() != null ? failure.getMessage() : failure.getClass().getSimpleName();
            // Input readers may name the file themselves; say it once.
            throw new IOException(why.startsWith(name) ? why : name + ": cannot read: " + why, failure);
        }
    }
}
