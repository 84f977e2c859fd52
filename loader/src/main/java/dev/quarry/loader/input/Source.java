package dev.quarry.loader.input;

import java.io.IOException;
import java.util.concurrent.atomic.LongAdder;

/** One thing named on the command line (after expanding directories and globs): a file, URL or stdin. */
public interface Source {
    /** The path or URL as given (after expansion). */
    String name();

    /** Raw (compressed) size in bytes, or -1 if unknown (stdin, URLs without a length). */
    long size();

    /**
     * Opens the source. Compression is detected from the leading bytes, not the name.
     *
     * @param rawBytesRead counts raw (compressed) bytes as they are read, for progress
     * @param formatOverride the format for every feed, or null to detect from names
     */
    FeedReader open(LongAdder rawBytesRead, RdfFormat formatOverride) throws IOException;

    /**
     * Opens the source, choosing whether decompression runs on its own thread ahead of the
     * consumer. {@link #open(LongAdder, RdfFormat)} means {@link ReadAhead#AUTO} for the
     * sources of this package; a source that cannot read ahead ignores the choice.
     */
    default FeedReader open(LongAdder rawBytesRead, RdfFormat formatOverride, ReadAhead readAhead) throws IOException {
        return open(rawBytesRead, formatOverride);
    }
}
