package dev.quarry.store;

import dev.quarry.store.rocks.KvSstReader;
import dev.quarry.store.rocks.RocksKv;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Bulk files made without a store open: written elsewhere (a Spark build) in the store's own
 * file layout, read back to check them before {@link BulkSession#commit} ingests them.
 */
public final class SstFiles {
    private SstFiles() {}

    /**
     * A new file, written as an open store's {@link BulkSession#newFile} ({@code filtered}) or
     * {@link BulkSession#newUnfilteredFile} would write it.
     */
    public static SstFileBuilder builder(Path file, boolean filtered) {
        return new SstFileBuilder(RocksKv.standaloneSstWriter(file, filtered));
    }

    /** Every key of {@code file}, in order. */
    public static void forEachKey(Path file, Consumer<byte[]> visitor) {
        KvSstReader.forEachKey(file, visitor);
    }
}
