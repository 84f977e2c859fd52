package dev.quarry.spark.parse;

import dev.quarry.loader.encode.BlankScope;
import dev.quarry.loader.encode.TermEncoder;
import dev.quarry.loader.input.Compression;
import dev.quarry.loader.input.Newlines;
import dev.quarry.loader.input.RdfFormat;
import dev.quarry.loader.parse.RiotFeedParser;
import dev.quarry.loader.prefix.SharedPrefixes;
import dev.quarry.store.encoding.MapPrefixes;
import dev.quarry.store.encoding.TermId;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * Parses one Turtle or TriG file whole, in one task: such a file cannot be cut at arbitrary
 * byte offsets (a statement spans lines, and prefixes and base hold from where they are
 * declared on). The file is read as {@code quarry load} reads it: compression told by its magic
 * bytes ({@link Compression}), then the loader's {@link RiotFeedParser} (RIOT strict mode,
 * statement by statement, resuming after a bad one; prefixes in a {@link SharedPrefixes} on the
 * executor's temporary directory), with the blank node scope the loader gives a feed: the
 * build's id with the feed number.
 */
public final class WholeFileParser implements Serializable {
    private static final long serialVersionUID = 1L;
    private final Map<String, Integer> feeds;
    private final UUID buildId;
    private final String base;

    /**
     * @param feeds   input file (its Hadoop path, qualified) to feed number (1, 2, ...)
     * @param buildId random per build, as the loader's load id
     * @param base    the resolved base IRI documents start with
     */
    public WholeFileParser(Map<String, Integer> feeds, UUID buildId, String base) {
        this.feeds = Map.copyOf(feeds);
        this.buildId = buildId;
        this.base = base;
    }

    /** Parses {@code file}; {@code index} is the Spark partition's. */
    public ParsedSplit parse(int index, String file, Configuration conf) {
        SplitParser.initJena();
        Integer feed = feeds.get(file);
        if (feed == null) {
            throw new IllegalStateException("unknown file " + file + " (known: " + feeds.keySet() + ")");
        }
        Path path = new Path(file);
        RdfFormat format = RdfFormat.byFileName(path.getName()).orElseThrow();
        LocalTerms terms = new LocalTerms();
        MapPrefixes prefixes = new MapPrefixes();
        TermEncoder encoder = new TermEncoder(terms, prefixes, BlankScope.ofLoad(buildId));
        SplitParser.Errors errors = new SplitParser.Errors(file);
        QuadBuffer out = new QuadBuffer();
        java.nio.file.Path scratch = null;
        try {
            scratch = Files.createTempDirectory("quarry-spark-prefixes-");
            try (SharedPrefixes shared = new SharedPrefixes(scratch);
                 LineCounter in = new LineCounter(Compression.decoded(path.getFileSystem(conf).open(path), file))) {
                new RiotFeedParser(encoder, shared).parse(file, in, format.lang(), base, BlankScope.ofFeed(buildId, feed),
                        TermId.DEFAULT_GRAPH, errors, out);
                return new ParsedSplit(index, file, 0, in.lines(), out.toArray(), terms.table(),
                        prefixes.table(), out.count(), errors.parsing, errors.datatype, errors.kept);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": " + e.getMessage(), e);
        } finally {
            if (scratch != null) {
                try {
                    Files.deleteIfExists(scratch);
                } catch (IOException e) {
                    // a leftover empty directory in the executor's temporary directory
                }
            }
        }
    }

    /** Counts the lines read ('\n'; a last line without one counts too). */
    private static final class LineCounter extends FilterInputStream {
        private long newlines;
        private boolean open;

        LineCounter(InputStream in) {
            super(in);
        }

        long lines() {
            return newlines + (open ? 1 : 0);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count(b);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) {
                newlines += Newlines.count(b, off, off + n);
                open = b[off + n - 1] != '\n';
            }
            return n;
        }

        private void count(int b) {
            if (b == '\n') {
                newlines++;
                open = false;
            } else {
                open = true;
            }
        }
    }
}
