package dev.quarry.store.durability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.store.BulkSession;
import dev.quarry.store.QuadStore;
import dev.quarry.store.ReadView;
import dev.quarry.store.verify.StoreValidator;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** DROP ALL against readers, later writes and close, on data that sits in SST files. */
class DropAllSafetyTest {
    @TempDir
    Path dir;

    private static void bulkLoad(QuadStore store, long first, long count) {
        try (BulkSession session = store.beginBulk()) {
            session.commit(SequenceData.buildFiles(session, first, first + count));
        }
    }

    /** Regression: the files of dropped data were deleted under the feet of older snapshots. */
    @Test
    void aSnapshotFromBeforeTheDropStillReadsEverything() {
        try (QuadStore store = QuadStore.open(dir)) {
            bulkLoad(store, 1, 2000);
            try (ReadView before = store.newReadView()) {
                store.dropAll();
                bulkLoad(store, 5001, 10);
                Map<Long, Integer> seen = SequenceData.quadsPerSequence(before);
                assertEquals(2000, seen.size());
                seen.values().forEach(n -> assertEquals(SequenceData.QUADS_PER_SEQ, n));
            }
            try (ReadView after = store.newReadView()) {
                assertEquals(10, SequenceData.quadsPerSequence(after).size());
            }
        }
    }

    @Test
    void dataLoadedRightAfterADropSurvivesTheReclaimAndAReopen() {
        try (QuadStore store = QuadStore.open(dir)) {
            bulkLoad(store, 1, 3000);
            store.dropAll();
            bulkLoad(store, 10_001, 3000);
            store.dropAll();
            bulkLoad(store, 20_001, 3000);
        }
        try (QuadStore store = QuadStore.open(dir); ReadView view = store.newReadView()) {
            Map<Long, Integer> seen = SequenceData.quadsPerSequence(view);
            assertEquals(3000, seen.size());
            assertEquals(20_001L, seen.keySet().iterator().next());
            assertTrue(StoreValidator.validate(store).ok());
        }
    }

    /** close() while the background compaction after a drop runs: it stops it, and the store reopens empty. */
    @Test
    void closeDuringReclaimThenReopenEmpty() {
        try (QuadStore store = QuadStore.open(dir)) {
            bulkLoad(store, 1, 20_000);
            try (ReadView pin = store.newReadView()) {
                store.dropAll(); // the open snapshot leaves all the work to the background compaction
            }
        }
        try (QuadStore store = QuadStore.open(dir)) {
            assertEquals(0, store.stats().quads());
            assertTrue(StoreValidator.validate(store).ok());
            bulkLoad(store, 1, 10);
            assertEquals(10 * SequenceData.QUADS_PER_SEQ, store.stats().quads());
        }
    }
}
