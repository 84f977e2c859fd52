package dev.quarry.store.rocks;

import java.nio.file.Path;

/**
 * Writes one sorted SST file for later atomic ingest ({@link RocksKv#ingest}); keys in strictly
 * increasing unsigned byte order. Two implementations: RocksDB's own writer where the file
 * needs a bloom filter ({@link NativeSstWriter}), a Java one where it does not ({@link JavaSstWriter}).
 */
public sealed interface KvSstWriter extends AutoCloseable permits NativeSstWriter, JavaSstWriter {
    void put(byte[] key, byte[] value);

    long entries();

    Path file();

    /** Finishes the file; returns false (and leaves nothing to ingest) if no entry was added. */
    boolean finish();

    @Override
    void close();
}
