package dev.quarry.loader.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.testing.ProcessTest;
import dev.quarry.loader.BulkLoader;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.LoadReport;
import dev.quarry.testing.ChildJvm;
import dev.quarry.loader.testing.PrefixTurtle;
import dev.quarry.loader.testing.QuadGenerator;
import dev.quarry.store.QuadStore;
import dev.quarry.store.StoreStats;
import dev.quarry.store.verify.StoreValidator;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash safety of the bulk load with real processes: a child JVM loads a few hundred
 * thousand quads into a non-empty store and is killed with SIGKILL while parsing, while
 * merging runs into SST files, and right before the atomic ingest. After each kill the
 * reopened store is exactly as before the load (quads, statistics, validator) with an
 * empty tmp/, and a rerun of the same load succeeds (counted, not re-validated: the
 * validator's point reads over all six indexes take minutes at this size).
 */
@ProcessTest
class CrashSafetyTest {
    private static final int SIGKILL_STATUS = 128 + 9;
    private static final long QUADS = 150_000;

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"reading", "merging", "committing"})
    void killedLoadLeavesTheStoreAsItWas(String phase) throws Exception {
        Path nq = tmp.resolve("big.nq");
        try (Writer w = Files.newBufferedWriter(nq, StandardCharsets.UTF_8)) {
            new QuadGenerator(11).write(w, QUADS);
        }
        Path ttl = tmp.resolve("prefixes.ttl");
        PrefixTurtle.write(ttl, 20_000, "t");
        Path first = tmp.resolve("first.nq");
        try (Writer w = Files.newBufferedWriter(first, StandardCharsets.UTF_8)) {
            new QuadGenerator(5).write(w, 2_000);
        }
        Path storeDir = tmp.resolve("store");
        StoreStats before;
        try (QuadStore store = QuadStore.open(storeDir)) {
            BulkLoader.load(store, LoadOptions.of(first.toString()));
            before = store.stats();
        }
        List<String> files = List.of(nq.toString(), ttl.toString());
        try (ChildJvm child = ChildJvm.start(tmp.resolve("child"), List.of("-Xmx256m"), CrashLoadChild.class,
                phase, storeDir.toString(), files.get(0), files.get(1))) {
            child.awaitLine(phase, 240);
            assertEquals(SIGKILL_STATUS, child.kill(), "destroyForcibly() is not SIGKILL here");
            List<String> printed = child.lines();
            assertFalse(printed.contains("committed"), printed.toString());
            if (phase.equals("reading")) {
                assertFalse(printed.contains("merging"), "killed while parsing: " + printed);
            } else if (phase.equals("merging")) {
                assertFalse(printed.contains("committing"), "killed while merging: " + printed);
            }
        }
        try (QuadStore store = QuadStore.open(storeDir)) {
            assertEquals(before, store.stats(), "the killed load must leave nothing");
            var report = StoreValidator.validate(store);
            assertTrue(report.ok(), report.problems().toString());
            assertEquals(before.quads(), report.quads());
            try (var left = Files.list(store.tempDirectory())) {
                assertEquals(List.of(), left.toList(), "tmp/ is cleaned on open");
            }
            LoadReport rerun = BulkLoader.load(store, LoadOptions.of(files));
            assertEquals(0, rerun.parsingErrors());
            assertEquals(before.quads() + rerun.newQuads(), store.stats().quads());
            assertTrue(rerun.newQuads() > QUADS / 2, "the rerun loads the data: " + rerun.newQuads());
        }
    }
}
