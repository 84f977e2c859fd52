package dev.quarry.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.loader.prebuilt.PrebuiltIngest;
import dev.quarry.store.QuadStore;
import dev.quarry.store.verify.ValidationReport;
import dev.quarry.store.verify.StoreValidator;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGKILL during {@code ingest}: a child JVM ({@link IngestChild}) ingests a build into an empty
 * store and is killed at a random moment between starting the ingest and (a little after) the
 * time a whole ingest takes; the reopened store must hold all of the build (the same quads and
 * statistics as an ingest that was not killed) or nothing, and pass the validator.
 */
@ProcessTest
class IngestKillTest {
    private static final int ROUNDS = 8;

    @TempDir
    Path dir;

    @Test
    void ingestKilledAtAnyMomentLeavesAllOrNothing() throws Exception {
        long seed = Long.getLong("quarry.ingestkill.seed", System.nanoTime());
        Random random = new Random(seed);
        Path data = dir.resolve("data.nq");
        TestData.write(data, 60_000, 3, true, "k");
        Path build = dir.resolve("build");
        try (JavaSparkContext sc = new JavaSparkContext(new SparkConf().setMaster("local[2]").setAppName("IngestKillTest")
                .set("spark.ui.enabled", "false"))) {
            BuildJob.run(sc, new BuildJob.Options(List.of(data.toString()), build.toString(), 4, null));
        }
        String expected;
        long wholeMillis;
        try (QuadStore reference = QuadStore.open(dir.resolve("reference"))) {
            long start = System.nanoTime();
            PrebuiltIngest.ingest(reference, copy(build, dir.resolve("build-reference")));
            wholeMillis = (System.nanoTime() - start) / 1_000_000;
            expected = StoreView.stats(reference, true);
        }
        int all = 0, none = 0;
        for (int round = 0; round < ROUNDS; round++) {
            Path store = dir.resolve("store-" + round);
            Path copy = copy(build, dir.resolve("build-" + round));
            long delay = (long) (random.nextDouble() * wholeMillis * 1.5);
            try (ChildJvm child = ChildJvm.start(dir.resolve("child-" + round), List.of("-Xmx512m"), IngestChild.class,
                    store.toString(), copy.toString())) {
                child.awaitLine("ingesting", 60);
                Thread.sleep(delay);
                child.kill();
            }
            try (QuadStore s = QuadStore.open(store)) {
                String stats = StoreView.stats(s, true);
                if (s.stats().quads() == 0) {
                    none++;
                    assertTrue(stats.startsWith("quads=0 terms=0"), "round " + round + " (seed " + seed + "): " + stats);
                } else {
                    all++;
                    assertEquals(expected, stats, "round " + round + " (seed " + seed + ", killed after " + delay + " ms)");
                }
                ValidationReport v = StoreValidator.validate(s);
                assertTrue(v.ok(), () -> "round (seed " + seed + "): " + v.problems());
            }
        }
        System.out.printf("IngestKillTest: %d rounds whole, %d empty (an ingest takes %d ms here; seed %d)%n", all, none,
                wholeMillis, seed);
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
