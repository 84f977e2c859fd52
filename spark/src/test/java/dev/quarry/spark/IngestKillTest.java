package dev.quarry.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.loader.BulkLoader;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.prebuilt.DictionarySnapshot;
import dev.quarry.store.QuadStore;
import dev.quarry.store.verify.StoreValidator;
import dev.quarry.store.verify.ValidationReport;
import dev.quarry.testing.ChildJvm;
import dev.quarry.testing.ProcessTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGKILL during {@code ingest}: a child JVM ({@link IngestChild}) ingests a build and is killed
 * at a random moment between starting the ingest and (a little after) the time a whole ingest
 * takes; the reopened store must be as before (statistics and quads) or hold all of the build
 * (as an ingest that was not killed left it), and pass the validator. Into an empty store, and
 * into a store with data (a build against its dictionary export, with quads it holds already).
 */
@ProcessTest
class IngestKillTest {
    @TempDir
    static Path dir;
    static JavaSparkContext sc;
    private final long seed = Long.getLong("quarry.ingestkill.seed", System.nanoTime());
    private final Random random = new Random(seed);

    @BeforeAll
    static void start() {
        sc = new JavaSparkContext(new SparkConf().setMaster("local[2]").setAppName("IngestKillTest").set("spark.ui.enabled", "false"));
    }

    @AfterAll
    static void stop() {
        sc.close();
    }

    @Test
    void ingestIntoAnEmptyStoreKilledAtAnyMomentLeavesAllOrNothing() throws Exception {
        Path data = dir.resolve("data.nq");
        TestData.write(data, 60_000, 3, true, "k");
        Path build = build(data, "build", null);
        killRounds("empty", null, build, 6);
    }

    @Test
    void ingestIntoAStoreWithDataKilledAtAnyMomentLeavesItAsBeforeOrWhole() throws Exception {
        Path first = dir.resolve("first.nq");
        TestData.write(first, 20_000, 4, true, "f");
        Path second = dir.resolve("second.nq");
        Files.copy(first, second); // quads the store holds already, then new ones
        TestData.write(dir.resolve("more.nq"), 20_000, 5, true, "m");
        Files.write(second, Files.readAllBytes(dir.resolve("more.nq")), java.nio.file.StandardOpenOption.APPEND);
        Path base = dir.resolve("base");
        Path export = dir.resolve("export");
        try (QuadStore s = QuadStore.open(base)) {
            BulkLoader.load(s, LoadOptions.of(first.toString()));
            DictionarySnapshot.export(s, export);
        }
        killRounds("with-data", base, build(second, "build-more", export), 6);
    }

    private static Path build(Path data, String name, Path dictionary) {
        Path out = dir.resolve(name);
        BuildJob.run(sc, new BuildJob.Options(List.of(data.toString()), out.toString(), 4,
                dictionary == null ? null : dictionary.toString()));
        return out;
    }

    /** Kills {@code rounds} ingests of {@code build} into copies of {@code base} (null: a new store). */
    private void killRounds(String name, Path base, Path build, int rounds) throws Exception {
        String before = base == null ? null : statsOf(copy(base, dir.resolve(name + "-before")), null);
        // The reference: a child that is not killed. Its time from "ingesting" to its exit sets the kill window.
        Path reference = dir.resolve(name + "-reference");
        if (base != null) {
            copy(base, reference);
        }
        long wholeMillis;
        try (ChildJvm child = ChildJvm.start(dir.resolve(name + "-child-reference"), List.of("-Xmx512m"), IngestChild.class,
                reference.toString(), copy(build, dir.resolve(name + "-build-reference")).toString())) {
            child.awaitLine("ingesting", 60);
            long start = System.nanoTime();
            assertEquals(0, child.waitFor(120), child.stderrText());
            wholeMillis = (System.nanoTime() - start) / 1_000_000;
        }
        String after = statsOf(reference, null);
        int whole = 0, unchanged = 0;
        for (int round = 0; round < rounds; round++) {
            Path store = dir.resolve(name + "-store-" + round);
            if (base != null) {
                copy(base, store);
            }
            Path copy = copy(build, dir.resolve(name + "-build-" + round));
            long delay = (long) (random.nextDouble() * wholeMillis * 1.5);
            try (ChildJvm child = ChildJvm.start(dir.resolve(name + "-child-" + round), List.of("-Xmx512m"), IngestChild.class,
                    store.toString(), copy.toString())) {
                child.awaitLine("ingesting", 60);
                Thread.sleep(delay);
                child.kill();
            }
            String what = name + " round " + round + " (seed " + seed + ", killed after " + delay + " ms)";
            String now = statsOf(store, what);
            if (now.equals(after)) {
                whole++;
            } else {
                unchanged++;
                assertTrue(base == null ? now.startsWith("quads=0 terms=0") : now.equals(before), what + ": " + now);
            }
        }
        System.out.printf("IngestKillTest %s: %d rounds whole, %d as before (an ingest takes about %d ms here; seed %d)%n",
                name, whole, unchanged, wholeMillis, seed);
    }

    /** The store's statistics and quads (a hash of them); checks the validator. */
    private static String statsOf(Path store, String what) {
        try (QuadStore s = QuadStore.open(store)) {
            ValidationReport v = StoreValidator.validate(s);
            assertTrue(v.ok(), () -> what + ": " + v.problems());
            return StoreView.stats(s, true) + "\n" + StoreView.quads(s).hashCode();
        }
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Files.copy(f, to.resolve(from.relativize(f).toString()));
            }
        }
        return to;
    }
}
