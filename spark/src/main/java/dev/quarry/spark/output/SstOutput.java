package dev.quarry.spark.output;

import dev.quarry.loader.prebuilt.BuildManifest;
import dev.quarry.store.SstFileBuilder;
import dev.quarry.store.SstFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;

/**
 * One SST file of the build, written by a task in the store's own layout ({@link SstFiles}) to a
 * local scratch file, then moved to the output directory. Keys in strictly increasing order.
 */
public final class SstOutput implements AutoCloseable {
    private final OutputDir out;
    private final String name;
    private final String kind;
    private final Path local;
    private final SstFileBuilder builder;
    private byte[] first;
    private byte[] last;

    /**
     * @param name     the file's path in the output directory
     * @param kind     the key space, as the manifest names it
     * @param filtered with a bloom filter, as the loader's file of this key space has
     */
    public SstOutput(OutputDir out, String name, String kind, boolean filtered) {
        this.out = out;
        this.name = name;
        this.kind = kind;
        try {
            this.local = Files.createTempFile("quarry-" + kind + "-", ".sst");
            Files.delete(local); // the SST writer creates it
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a scratch file: " + e.getMessage(), e);
        }
        this.builder = SstFiles.builder(local, filtered);
    }

    public void add(byte[] key, byte[] value) {
        if (first == null) {
            first = key.clone();
        }
        last = key;
        builder.add(key, value);
    }

    /** Finishes the file and moves it to the output; null if it has no key. */
    public BuildManifest.FileEntry finish() {
        if (builder.finish() == null) {
            return null;
        }
        HexFormat hex = HexFormat.of();
        return out.put(local, name, kind, builder.entries(), hex.formatHex(first), hex.formatHex(last));
    }

    @Override
    public void close() {
        builder.close();
        try {
            Files.deleteIfExists(local);
        } catch (IOException ignored) {
            // a scratch file in the task's temp directory
        }
    }
}
