package dev.quarry.store;

import dev.quarry.store.error.StoreLockedException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Opening a store in the states a crash or a second process can leave. */
class StoreOpenSafetyTest {
    @TempDir
    Path dir;

    /** Regression: a failed second open wiped tmp/ before it found the store locked. */
    @Test
    void aLockedOpenLeavesTheRunningLoadsScratchFiles() throws Exception {
        try (QuadStore store = QuadStore.open(dir); BulkSession load = store.beginBulk()) {
            Path scratch = Files.writeString(load.scratchDirectory().resolve("run-1.bin"), "sorted run");
            assertThrows(StoreLockedException.class, () -> QuadStore.open(dir));
            assertTrue(Files.exists(scratch), "scratch file of the running load was deleted");
        }
    }

    @Test
    void scratchFilesOfACrashedLoadAreRemovedOnOpen() throws Exception {
        QuadStore.open(dir).close();
        Path left = Files.createDirectories(dir.resolve("tmp").resolve("load-1")).resolve("spog-1.sst");
        Files.writeString(left, "half a file");
        try (QuadStore store = QuadStore.open(dir)) {
            assertTrue(Files.notExists(left));
        }
    }

    /** A crash while the marker of a new store was written leaves only the partial marker. */
    @Test
    void aHalfWrittenMarkerCountsAsAnEmptyDirectory() throws Exception {
        Files.writeString(dir.resolve("quarry.store.new"), "quarry-sto");
        try (QuadStore store = QuadStore.open(dir)) {
            assertEquals(0, store.stats().quads());
        }
        assertEquals("quarry-store-format=" + QuadStore.FORMAT_VERSION, Files.readString(dir.resolve("quarry.store")).trim());
        assertTrue(Files.notExists(dir.resolve("quarry.store.new")));
    }

    /** A crash after the marker was written but before RocksDB created its files. */
    @Test
    void aMarkerWithoutDatabaseOpensAsANewStore() throws Exception {
        Files.writeString(dir.resolve("quarry.store"), "quarry-store-format=" + QuadStore.FORMAT_VERSION + "\n");
        try (QuadStore store = QuadStore.open(dir)) {
            assertEquals(0, store.stats().quads());
        }
    }
}
