package dev.quarry.store.rocks;

import java.nio.file.Path;
import java.util.List;
import org.rocksdb.EnvOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileWriter;

/** Writes one sorted SST file for later atomic ingest; keys in strictly increasing order. */
public final class KvSstWriter implements AutoCloseable {
    private final EnvOptions envOptions = new EnvOptions();
    private final SstFileWriter writer;
    private final Path file;
    private long entries;
    private boolean finished;
    /** Native objects this writer owns (a standalone writer's options), closed after it. */
    private final List<? extends AutoCloseable> owned;

    KvSstWriter(Options options, Path file) {
        this(options, file, List.of());
    }

    KvSstWriter(Options options, Path file, List<? extends AutoCloseable> owned) {
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

    public void put(byte[] key, byte[] value) {
        try {
            writer.put(key, value);
            entries++;
        } catch (RocksDBException e) {
            throw RocksKv.fail("write to " + file + " failed", e);
        }
    }

    public long entries() {
        return entries;
    }

    public Path file() {
        return file;
    }

    /** Finishes the file; returns false (and writes nothing) if no entry was added. */
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
        envOptions.close();
        for (AutoCloseable o : owned) {
            try {
                o.close();
            } catch (Exception e) {
                throw new IllegalStateException(e); // native close() does not throw
            }
        }
    }
}
