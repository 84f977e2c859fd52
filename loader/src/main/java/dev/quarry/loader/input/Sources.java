package dev.quarry.loader.input;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;
import org.apache.commons.compress.compressors.CompressorException;
import org.apache.commons.compress.compressors.CompressorStreamFactory;

/**
 * Expands what the user named into {@link Source}s. This first version reads plain and
 * compressed local files and directories (recursively); compression is sniffed from the
 * magic bytes by commons-compress.
 */
public final class Sources {
    private Sources() {}

    /** Expands files and directories (recursively, sorted by name). Fails on a missing path. */
    public static List<Source> expand(List<String> args) {
        List<Source> out = new ArrayList<>();
        for (String arg : args) {
            Path p = Path.of(arg);
            if (!Files.exists(p)) {
                throw new UncheckedIOException(new NoSuchFileException(arg, null, "no such file or directory"));
            }
            if (Files.isDirectory(p)) {
                try (Stream<Path> walk = Files.walk(p)) {
                    walk.filter(Files::isRegularFile).sorted().forEach(f -> out.add(new FileSource(f)));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            } else {
                out.add(new FileSource(p));
            }
        }
        return out;
    }

    /** A local file, plain or compressed. */
    record FileSource(Path path) implements Source {
        @Override
        public String name() {
            return path.toString();
        }

        @Override
        public long size() {
            try {
                return Files.size(path);
            } catch (IOException e) {
                return -1;
            }
        }

        @Override
        public FeedReader open(LongAdder rawBytesRead, RdfFormat formatOverride) throws IOException {
            RdfFormat format = formatOverride != null ? formatOverride
                    : RdfFormat.byFileName(path.getFileName().toString()).orElseThrow(() -> new IOException(
                            path + ": cannot tell the RDF format from the file name; give --format"));
            InputStream raw = new CountingInputStream(Files.newInputStream(path), rawBytesRead);
            InputStream in = decompress(new BufferedInputStream(raw, 1 << 16));
            return new FeedReader() {
                boolean given;

                @Override
                public Feed next() {
                    if (given) {
                        return null;
                    }
                    given = true;
                    return new Feed(name(), format, in);
                }

                @Override
                public void close() throws IOException {
                    in.close();
                }
            };
        }
    }

    /** Wraps {@code in} (which must support mark) in a decompressor if its magic bytes say so. */
    static InputStream decompress(InputStream in) throws IOException {
        try {
            String kind = CompressorStreamFactory.detect(in);
            return new CompressorStreamFactory(true).createCompressorInputStream(kind, in);
        } catch (CompressorException e) {
            return in; // not compressed (or a codec we do not sniff): read as is
        }
    }

    /** Counts bytes read from the underlying (compressed) stream. */
    static final class CountingInputStream extends FilterInputStream {
        private final LongAdder counter;

        CountingInputStream(InputStream in, LongAdder counter) {
            super(in);
            this.counter = counter;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                counter.increment();
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                counter.add(n);
            }
            return n;
        }
    }
}
