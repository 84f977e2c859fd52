package dev.quarry.loader.prefix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.testing.ProcessTest;
import dev.quarry.testing.ChildJvm;
import dev.quarry.loader.testing.PrefixTurtle;
import dev.quarry.store.QuadStore;
import dev.quarry.store.verify.StoreValidator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Virtuoso failure case, scaled down: Turtle files that start with 200 k distinct
 * {@code @prefix} lines, in child JVMs with a 32 MB heap. RIOT's own per-parser prefix map
 * runs out of heap on one such file; the loader, with the shared disk-backed prefix
 * dictionary, loads four of them at once in the same heap. (Calibrated on JDK 25: RIOT
 * needs about 40-48 MB for one file; the loader fails at 20 MB whatever the prefix count.)
 */
@ProcessTest
class SharedPrefixesMemoryTest {
    private static final int PREFIXES = 200_000;
    private static final List<String> HEAP = List.of("-Xmx32m");
    private static final int OOM_EXIT = 3; // -XX:+ExitOnOutOfMemoryError

    @TempDir
    Path tmp;

    @Test
    void riotAloneRunsOutOfHeapOnOneFile() throws Exception {
        Path file = tmp.resolve("a.ttl");
        PrefixTurtle.write(file, PREFIXES, "a");
        try (ChildJvm child = ChildJvm.start(tmp.resolve("riot"), HEAP, PrefixLoadChild.class, "riot", file.toString())) {
            int status = child.waitFor(300);
            assertEquals(OOM_EXIT, status, "expected OutOfMemoryError; stderr:\n" + child.stderrText());
            String output = child.lines() + child.stderrText(); // the JVM reports the OOM on stdout
            assertTrue(output.contains("OutOfMemoryError"), output);
        }
    }

    @Test
    void loaderLoadsFourSuchFilesAtOnceInTheSameHeap() throws Exception {
        long expected = 0;
        String[] args = new String[6];
        args[0] = "quarry";
        args[1] = tmp.resolve("store").toString();
        for (int i = 0; i < 4; i++) {
            Path file = tmp.resolve("f" + i + ".ttl");
            expected += PrefixTurtle.write(file, PREFIXES, "d" + i);
            args[2 + i] = file.toString();
        }
        try (ChildJvm child = ChildJvm.start(tmp.resolve("quarry"), HEAP, PrefixLoadChild.class, args)) {
            assertEquals(0, child.waitFor(300), child.stderrText());
            assertEquals(List.of("ok " + expected), child.lines());
        }
        try (QuadStore store = QuadStore.open(tmp.resolve("store"))) {
            assertEquals(expected, store.stats().quads());
            assertTrue(StoreValidator.validate(store).ok());
            try (var files = Files.list(store.tempDirectory())) {
                assertEquals(0, files.count(), "the prefix tables are scratch files, gone after the load");
            }
        }
    }
}
