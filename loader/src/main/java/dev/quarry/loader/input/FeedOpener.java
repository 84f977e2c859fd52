package dev.quarry.loader.input;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.LongAdder;

/**
 * Turns the raw bytes of a source into feeds: counts raw bytes, sniffs the compression
 * from the magic bytes, optionally decompresses on a read-ahead thread, then sniffs for a
 * tar or zip archive (one feed per entry) or yields the single feed.
 */
final class FeedOpener {
    /** Buffer between the raw source and the decoder; large reads keep syscalls few. */
    private static final int RAW_BUFFER = 1 << 16;

    private FeedOpener() {}

    /**
     * Opens a source's raw stream. Takes ownership of {@code raw}: it is closed by the returned
     * reader, or here if opening fails.
     *
     * @param name the feed name (path or URL as given)
     * @param fileName the name whose extensions tell the format (the file name, a URL's path)
     * @param rawSize the raw size in bytes, or -1 if unknown
     * @param formatHint a format known from elsewhere (an HTTP Content-Type), used if the name tells nothing
     * @param found whether the file was found in a directory or by a glob rather than named:
     *     then an unknown format makes a feed without a format (skipped with a warning, as
     *     an archive entry is) instead of failing the load
     */
    static FeedReader open(String name, String fileName, InputStream raw, long rawSize, LongAdder rawBytesRead,
                           RdfFormat formatOverride, RdfFormat formatHint, ReadAhead readAhead, boolean found)
            throws IOException {
        InputStream in = null;
        try {
            in = decompress(new CountingInputStream(raw, rawBytesRead), name, rawSize, readAhead);
            BufferedInputStream peekable = new BufferedInputStream(in, RAW_BUFFER);
            in = peekable;
            byte[] head = new byte[Archive.MAGIC_LENGTH];
            Archive archive = Archive.detect(head, peek(peekable, head), fileName);
            if (archive != null) {
                return new ArchiveFeedReader(name, archive.open(peekable), formatOverride, readAhead);
            }
            RdfFormat format = formatOf(fileName, formatOverride, formatHint);
            if (format == null && !found) {
                throw new IOException("cannot tell the RDF format of " + name + "; give --format");
            }
            return new SingleFeedReader(new Feed(name, format, peekable)); // null format: skipped, with a warning
        } catch (IOException | RuntimeException e) {
            closeQuietly(in != null ? in : raw, e);
            throw e;
        }
    }

    /**
     * Wraps {@code raw} in the decoder its magic bytes call for (nothing if plain), on a
     * read-ahead thread if {@code readAhead} says so for this codec and size.
     */
    static InputStream decompress(InputStream raw, String name, long rawSize, ReadAhead readAhead) throws IOException {
        BufferedInputStream buffered = new BufferedInputStream(raw, RAW_BUFFER);
        byte[] head = new byte[Compression.MAGIC_LENGTH];
        Compression codec = Compression.detect(head, peek(buffered, head), name);
        InputStream decoded = buffered;
        if (codec != Compression.NONE) {
            try {
                decoded = new DecoderErrors(codec.decode(buffered, name), name, codec);
            } catch (IOException | RuntimeException e) {
                // Decoders read their header in the constructor: a bad header fails here.
                throw new IOException(name + ": corrupt " + codec.label() + " data (" + e.getMessage() + ")", e);
            }
        }
        return readAhead.applies(codec, rawSize) ? new ReadAheadInputStream(decoded, name) : decoded;
    }

    /** The format of a feed: the override, else from its name, else the hint; null if none says. */
    static RdfFormat formatOf(String fileName, RdfFormat override, RdfFormat hint) {
        if (override != null) {
            return override;
        }
        return RdfFormat.byFileName(fileName).orElse(hint);
    }

    /** Reads up to {@code head.length} bytes without consuming them; returns how many. */
    static int peek(BufferedInputStream in, byte[] head) throws IOException {
        in.mark(head.length);
        int n = in.readNBytes(head, 0, head.length);
        in.reset();
        return n;
    }

    private static void closeQuietly(InputStream in, Exception failure) {
        try {
            in.close();
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }

    /** The one feed of a plain or compressed (non-archive) source. */
    private static final class SingleFeedReader implements FeedReader {
        private Feed feed;
        private final InputStream stream;

        SingleFeedReader(Feed feed) {
            this.feed = feed;
            this.stream = feed.stream();
        }

        @Override
        public Feed next() {
            Feed f = feed;
            feed = null;
            return f;
        }

        @Override
        public void close() throws IOException {
            stream.close();
        }
    }
}
