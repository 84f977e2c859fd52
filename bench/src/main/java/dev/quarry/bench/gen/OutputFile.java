package dev.quarry.bench.gen;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/**
 * An output file written under a temporary name and moved into place only when complete,
 * so a failed or interrupted run leaves no half-written data file; {@code .gz} compresses.
 */
final class OutputFile implements AutoCloseable {
    private final Path target;
    private final Path partial;
    private final OutputStream stream;
    private boolean done;

    OutputFile(Path target) throws IOException {
        this.target = target.toAbsolutePath();
        this.partial = this.target.resolveSibling(this.target.getFileName() + ".partial");
        Files.createDirectories(this.target.getParent());
        OutputStream file = Files.newOutputStream(partial);
        this.stream = gzipped(target) ? new FastGzip(file) : file;
    }

    /**
     * gzip at level 1: the default level 6 made gzip the generator's bottleneck by far, and the
     * decompression cost a loader sees is nearly the same for both levels.
     */
    private static final class FastGzip extends GZIPOutputStream {
        FastGzip(OutputStream out) throws IOException {
            super(out, 1 << 16);
            def.setLevel(Deflater.BEST_SPEED);
        }
    }

    static boolean gzipped(Path path) {
        return path.getFileName().toString().endsWith(".gz");
    }

    /** The file name without a trailing {@code .gz}, to tell the syntax by its extension. */
    static String syntaxName(Path path) {
        String name = path.getFileName().toString();
        return gzipped(path) ? name.substring(0, name.length() - 3) : name;
    }

    /** The stream to write to; the caller closes it before {@link #commit()}. */
    OutputStream stream() {
        return stream;
    }

    /** Moves the finished file into place (call after the stream is closed). */
    void commit() throws IOException {
        Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        done = true;
    }

    @Override
    public void close() throws IOException {
        if (!done) {
            try {
                stream.close();
            } finally {
                Files.deleteIfExists(partial);
            }
        }
    }
}
