package dev.quarry.loader.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.testing.ProcessTest;
import dev.quarry.loader.BulkLoader;
import dev.quarry.loader.LoadMode;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.LoadReport;
import dev.quarry.testing.ChildJvm;
import dev.quarry.loader.testing.QuadGenerator;
import dev.quarry.loader.testing.StoreContents;
import dev.quarry.store.QuadStore;
import dev.quarry.store.verify.StoreValidator;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Per-feed commits of RESUME mode with real processes: a child JVM loads three files, one
 * commit each, and is SIGKILLed after the first commit: once the second file's statements
 * are being parsed, or right before its ingest (the child holds the load there). The reopened store then holds exactly the committed files (what
 * RIOT reads from them; validator ok; tmp/ empty), and a RESUME rerun skips those and ends
 * with what RIOT reads from all three files and the statistics of one NEW load of them.
 */
@ProcessTest
class ResumeCrashTest {
    private static final int SIGKILL_STATUS = 128 + 9;

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"reading", "committing"})
    void killedResumeLoadKeepsWholeFeedsAndARerunCompletesIt(String phase) throws Exception {
        long[] sizes = {10_000, 40_000, 10_000};
        List<String> files = new ArrayList<>();
        for (int i = 0; i < sizes.length; i++) {
            Path f = tmp.resolve("part" + i + ".nq");
            try (Writer w = Files.newBufferedWriter(f, StandardCharsets.UTF_8)) {
                new QuadGenerator(30 + i).write(w, sizes[i]);
            }
            files.add(f.toString());
        }
        Path storeDir = tmp.resolve("store");
        List<String> args = new ArrayList<>(List.of(storeDir.toString(), phase));
        args.addAll(files);
        List<String> committed = new ArrayList<>();
        try (ChildJvm child = ChildJvm.start(tmp.resolve("child"), List.of("-Xmx256m"), ResumeLoadChild.class,
                args.toArray(String[]::new))) {
            child.awaitLine(phase, 240);
            assertEquals(SIGKILL_STATUS, child.kill(), "destroyForcibly() is not SIGKILL here");
            for (String line : child.lines()) {
                if (line.startsWith("committed ")) {
                    committed.add(line.substring("committed ".length()));
                }
            }
            assertFalse(child.lines().contains("done"), child.lines().toString());
        }
        assertEquals(files.subList(0, 1), committed, "killed after the first commit, before the second");
        try (QuadStore store = QuadStore.open(storeDir)) {
            try (var left = Files.list(store.tempDirectory())) {
                assertEquals(List.of(), left.toList(), "tmp/ is cleaned on open");
            }
            DatasetGraph whole = oracle(committed);
            assertEquals(StoreContents.size(whole), store.stats().quads(), "the committed feeds, whole");
            assertTrue(StoreContents.sameModuloBlankLabels(whole, StoreContents.copy(store)));
            var report = StoreValidator.validate(store);
            assertTrue(report.ok(), report.problems().toString());

            LoadReport rerun = BulkLoader.load(store, LoadOptions.of(files).withMode(LoadMode.RESUME).withCommitBytes(1));
            assertEquals(committed.size(), rerun.feedsSkipped());
            assertEquals(files.size() - committed.size(), rerun.feedsLoaded());
            DatasetGraph all = oracle(files);
            assertEquals(StoreContents.size(all), store.stats().quads());
            assertTrue(StoreContents.sameModuloBlankLabels(all, StoreContents.copy(store)));
            assertEquals(StoreContents.size(all), StoreValidator.validate(store).quads());
            try (QuadStore oneShot = QuadStore.open(tmp.resolve("one-shot"))) {
                BulkLoader.load(oneShot, LoadOptions.of(files));
                assertEquals(oneShot.stats().exactCounts(), store.stats().exactCounts(), "quads, terms and statistics as one NEW load");
            }
        }
    }

    private static DatasetGraph oracle(List<String> files) {
        DatasetGraph dsg = DatasetGraphFactory.createGeneral();
        for (String f : files) {
            RDFDataMgr.read(dsg, f);
        }
        return dsg;
    }
}
