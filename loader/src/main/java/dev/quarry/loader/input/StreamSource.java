package dev.quarry.loader.input;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.LongAdder;

/**
 * An already open stream: stdin ({@code -} on the command line), or a request body handed
 * to the loader API. It can be opened once; the reader then owns and closes the stream.
 */
public final class StreamSource implements Source {
    /** The feed name given to stdin in reports and error positions. */
    public static final String STDIN_NAME = "<stdin>";

    private final String name;
    private final InputStream stream;
    private final long size;
    private boolean opened;

    /**
     * @param name the feed name; its extensions, if any, tell the format ({@code upload.nq.gz})
     * @param size the raw size in bytes, or -1 if unknown
     */
    public StreamSource(String name, InputStream stream, long size) {
        this.name = name;
        this.stream = stream;
        this.size = size;
    }

    /** Standard input, or an injected stream standing for it in tests. */
    public static StreamSource stdin(InputStream in) {
        return new StreamSource(STDIN_NAME, in, -1);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public FeedReader open(LongAdder rawBytesRead, RdfFormat formatOverride) throws IOException {
        return open(rawBytesRead, formatOverride, ReadAhead.AUTO);
    }

    @Override
    public synchronized FeedReader open(LongAdder rawBytesRead, RdfFormat formatOverride, ReadAhead readAhead)
            throws IOException {
        if (opened) {
            throw new IOException(name + ": a stream can be read only once");
        }
        opened = true;
        return FeedOpener.open(name, name, stream, size, rawBytesRead, formatOverride, null, readAhead, false);
    }

    @Override
    public String toString() {
        return name;
    }
}
