package dev.quarry.e2e.conformance;

import dev.quarry.store.QuadStore;
import dev.quarry.store.StoreStats;
import dev.quarry.store.arq.QuarryDatasetGraph;
import dev.quarry.store.verify.StoreValidator;
import dev.quarry.store.verify.ValidationReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * One store reused by all entries of a test class: opening RocksDB per entry would
 * cost more than the tests. {@link #fresh} drops everything and checks that nothing
 * is left, so no state leaks from one entry into the next (and DROP ALL gets exercised).
 */
final class StoreFixture implements AutoCloseable {
    private final Path dir;
    private final QuadStore store;
    private final QuarryDatasetGraph dsg;

    StoreFixture() {
        try {
            dir = Files.createTempDirectory("quarry-conformance-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        store = QuadStore.open(dir.resolve("store"));
        dsg = new QuarryDatasetGraph(store);
    }

    QuadStore store() {
        return store;
    }

    QuarryDatasetGraph dataset() {
        return dsg;
    }

    /** An empty store: DROP ALL, then proof that no quad, term or statistic survived it. */
    QuarryDatasetGraph fresh() {
        dsg.end(); // a failed entry may have left this thread's transaction open
        store.dropAll();
        StoreStats stats = store.stats();
        if (stats.quads() != 0 || stats.terms() != 0 || !dsg.isEmpty()) {
            throw new IllegalStateException("store not empty after DROP ALL: " + stats);
        }
        return dsg;
    }

    /** Fails with the validator's findings if indexes, dictionary and statistics disagree. */
    void validate() {
        ValidationReport report = StoreValidator.validate(store);
        if (!report.ok()) {
            throw new AssertionError("store validation failed: " + report.problems());
        }
    }

    @Override
    public void close() {
        dsg.end();
        store.close();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
