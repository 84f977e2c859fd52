package dev.quarry.loader.input;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.atomic.LongAdder;

/**
 * A local file: plain, compressed, or a tar/zip archive. A file the user named must be
 * RDF; one {@linkplain #found found} in a directory or by a glob is skipped with a warning
 * if its name tells no RDF format (dumps come with README, checksum and licence files).
 */
public final class FileSource implements Source {
    private final Path path;
    private final boolean found;

    /** A file the user named. */
    public FileSource(Path path) {
        this(path, false);
    }

    private FileSource(Path path, boolean found) {
        this.path = path;
        this.found = found;
    }

    /** A file found by walking a directory or matching a glob. */
    public static FileSource found(Path path) {
        return new FileSource(path, true);
    }

    public Path path() {
        return path;
    }

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
        return open(rawBytesRead, formatOverride, ReadAhead.AUTO);
    }

    @Override
    public FeedReader open(LongAdder rawBytesRead, RdfFormat formatOverride, ReadAhead readAhead) throws IOException {
        InputStream raw;
        try {
            raw = Files.newInputStream(path);
        } catch (IOException e) {
            throw describe(path.toString(), e);
        }
        return FeedOpener.open(name(), path.getFileName().toString(), raw, size(), rawBytesRead,
                formatOverride, null, readAhead, found);
    }

    /** One line for a file that cannot be opened. */
    static IOException describe(String name, IOException e) {
        String why = e instanceof NoSuchFileException ? "no such file or directory"
                : e instanceof AccessDeniedException ? "permission denied"
                : e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        return new IOException(name + ": " + why, e);
    }

    @Override
    public String toString() {
        return name();
    }
}
