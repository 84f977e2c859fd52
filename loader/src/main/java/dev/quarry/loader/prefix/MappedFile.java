package dev.quarry.loader.prefix;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A scratch file used as memory, mapped in fixed-size chunks as it grows (one mapping is
 * limited to 2 GB). Callers keep every value inside one chunk: longs and ints at aligned
 * positions, byte runs placed so they do not cross a chunk boundary.
 */
final class MappedFile implements AutoCloseable {
    static final int CHUNK_BITS = 26;
    static final long CHUNK = 1L << CHUNK_BITS;
    private static final long MASK = CHUNK - 1;

    private final Path path;
    private final FileChannel channel;
    private final List<MappedByteBuffer> chunks = new ArrayList<>();

    MappedFile(Path path) {
        this.path = path;
        try {
            this.channel = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create prefix table file " + path + ": " + e.getMessage(), e);
        }
    }

    /** The chunk holding {@code pos}, mapping (and so growing the file) as needed; new space reads as zero. */
    private MappedByteBuffer chunk(long pos) {
        int i = (int) (pos >>> CHUNK_BITS);
        while (chunks.size() <= i) {
            try {
                chunks.add(channel.map(FileChannel.MapMode.READ_WRITE, chunks.size() * CHUNK, CHUNK));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot grow prefix table file " + path + ": " + e.getMessage(), e);
            }
        }
        return chunks.get(i);
    }

    long getLong(long pos) {
        return chunk(pos).getLong((int) (pos & MASK));
    }

    void putLong(long pos, long v) {
        chunk(pos).putLong((int) (pos & MASK), v);
    }

    int getInt(long pos) {
        return chunk(pos).getInt((int) (pos & MASK));
    }

    void putInt(long pos, int v) {
        chunk(pos).putInt((int) (pos & MASK), v);
    }

    void get(long pos, byte[] dst, int len) {
        chunk(pos).get((int) (pos & MASK), dst, 0, len);
    }

    void put(long pos, byte[] src) {
        chunk(pos).put((int) (pos & MASK), src);
    }

    /** Closes and deletes the file (the mappings go with their buffers, at the next GC). */
    @Override
    public void close() {
        chunks.clear();
        try {
            channel.close();
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // a scratch file: the session deletes its directory anyway
        }
    }
}
