package dev.quarry.store;

import dev.quarry.store.rocks.KvSstWriter;
import java.nio.file.Path;

/**
 * Writes one sorted file of store keys for a bulk load. Keys must come in strictly
 * increasing unsigned byte order and stay within one key space (one tag byte), so the
 * files of a load never overlap each other.
 */
public final class SstFileBuilder implements AutoCloseable {
    private final KvSstWriter writer;
    private static final byte[] EMPTY = new byte[0];

    SstFileBuilder(KvSstWriter writer) {
        this.writer = writer;
    }

    public void add(byte[] key) {
        writer.put(key, EMPTY);
    }

    public void add(byte[] key, byte[] value) {
        writer.put(key, value);
    }

    public long entries() {
        return writer.entries();
    }

    /** Finishes the file; returns its path, or null if it is empty (nothing to ingest). */
    public Path finish() {
        return writer.finish() ? writer.file() : null;
    }

    @Override
    public void close() {
        writer.close();
    }
}
