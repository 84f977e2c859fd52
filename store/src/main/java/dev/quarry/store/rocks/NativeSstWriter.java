package dev.quarry.store.rocks;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import org.rocksdb.DirectSlice;
import org.rocksdb.EnvOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileWriter;

/** A {@link KvSstWriter} through RocksDB's own {@code SstFileWriter}: for files with a bloom filter. */
final class NativeSstWriter implements KvSstWriter {
    private final EnvOptions envOptions = new EnvOptions();
    private final SstFileWriter writer;
    private final Path file;
    private long entries;
    private boolean finished;
    /*
     * Keys and values reach RocksDB as two reused native slices over direct buffers, each
     * resized only when the length changes. put(byte[], byte[]) pins and copies both arrays
     * inside JNI and put(ByteBuffer, ByteBuffer) asks the JVM for each buffer's type, address
     * and capacity: those calls back into the JVM were ~0.9 of the ~4.5 CPU-seconds a 5 M
     * load spent in SstFileWriter.put. put(DirectSlice, DirectSlice) passes two handles.
     */
    private final SliceBuffer keys = new SliceBuffer(256);
    private final SliceBuffer values = new SliceBuffer(4096);
    /** Native objects this writer owns (a standalone writer's options), closed after it. */
    private final List<? extends AutoCloseable> owned;

    NativeSstWriter(Options options, Path file) {
        this(options, file, List.of());
    }

    NativeSstWriter(Options options, Path file, List<? extends AutoCloseable> owned) {
        this.file = file;
        this.owned = owned;
        this.writer = new SstFileWriter(envOptions, options);
        try {
            writer.open(file.toString());
        } catch (RocksDBException e) {
            close();
            throw RocksKv.fail("cannot create " + file, e);
        }
    }

    @Override
    public void put(byte[] key, byte[] value) {
        try {
            writer.put(keys.hold(key), values.hold(value));
            entries++;
        } catch (RocksDBException e) {
            throw RocksKv.fail("write to " + file + " failed", e);
        }
    }

    @Override
    public long entries() {
        return entries;
    }

    @Override
    public Path file() {
        return file;
    }

    @Override
    public boolean finish() {
        finished = true;
        if (entries == 0) {
            return false;
        }
        try {
            writer.finish();
            return true;
        } catch (RocksDBException e) {
            throw RocksKv.fail("finishing " + file + " failed", e);
        }
    }

    @Override
    public void close() {
        writer.close();
        keys.close();
        values.close();
        envOptions.close();
        for (AutoCloseable o : owned) {
            try {
                o.close();
            } catch (Exception e) {
                throw new IllegalStateException(e); // native close() does not throw
            }
        }
    }

    /** A direct buffer and a native slice over it that holds one key or value at a time. */
    private static final class SliceBuffer {
        private ByteBuffer buffer;
        private DirectSlice slice;
        private int length;

        SliceBuffer(int capacity) {
            allocate(capacity);
        }

        DirectSlice hold(byte[] bytes) {
            if (bytes.length > buffer.capacity()) {
                slice.close();
                allocate(Math.max(bytes.length, 2 * buffer.capacity()));
            }
            buffer.put(0, bytes);
            if (bytes.length != length) {
                slice.setLength(bytes.length);
                length = bytes.length;
            }
            return slice;
        }

        private void allocate(int capacity) {
            buffer = ByteBuffer.allocateDirect(capacity);
            slice = new DirectSlice(buffer, capacity);
            length = capacity;
        }

        void close() {
            slice.close();
        }
    }
}
