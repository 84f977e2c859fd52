package dev.quarry.bench.gen;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A generated data file in a fresh temporary directory, deleted on close: benchmarks make
 * their input in their setup, so a run never reads a stale file from an older generator.
 */
public final class GeneratedFile implements AutoCloseable {
    private final Path dir;
    private final Path file;

    private GeneratedFile(Path dir, Path file) {
        this.dir = dir;
        this.file = file;
    }

    /** Generates {@code quads} statements with the default seed; {@code name} gives the syntax (e.g. {@code data.nq}). */
    public static GeneratedFile create(String name, long quads) throws IOException {
        Path dir = Files.createTempDirectory("quarry-bench-");
        Path file = dir.resolve(name);
        BsbmGenerator.write(file, quads, BsbmGenerator.DEFAULT_SEED);
        return new GeneratedFile(dir, file);
    }

    public Path path() {
        return file;
    }

    @Override
    public void close() throws IOException {
        Files.deleteIfExists(file);
        Files.deleteIfExists(dir);
    }
}
