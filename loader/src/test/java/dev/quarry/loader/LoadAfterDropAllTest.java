package dev.quarry.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quarry.loader.testing.StoreContents;
import dev.quarry.store.QuadStore;
import dev.quarry.store.ReadView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One parser property-test sample once loaded 0 quads into a store reused after DROP ALL
 * (the oracle has used a new store per try since). Loads into one store, dropped before each,
 * with readers opening and closing snapshots meanwhile (which decides whether DROP ALL drops
 * whole files at once or leaves the data to the background compaction): every load must
 * leave exactly its own quads.
 */
class LoadAfterDropAllTest {
    @TempDir
    Path tmp;

    @Test
    void everyLoadIntoAStoreJustDroppedKeepsExactlyItsQuads() throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        try (QuadStore store = QuadStore.open(tmp.resolve("store"))) {
            Thread readers = new Thread(() -> {
                while (!stop.get()) {
                    try (ReadView v = store.newReadView()) {
                        Thread.onSpinWait();
                    }
                }
            });
            readers.start();
            try {
                for (int i = 0; i < 40; i++) {
                    int n = 1 + (i * 37) % 200;
                    StringBuilder ttl = new StringBuilder("@prefix ex: <http://ex.org/> .\n");
                    for (int k = 0; k < n; k++) {
                        ttl.append("ex:s").append(k).append(" ex:p").append(i % 5).append(" \"v").append(i).append(' ').append(k)
                                .append("\" .\n");
                    }
                    Path f = Files.writeString(tmp.resolve("doc" + i + ".ttl"), ttl);
                    store.dropAll();
                    LoadReport r = BulkLoader.load(store, LoadOptions.of(f.toString()).withThreads(1));
                    assertEquals(n, r.totalRecords(), "load " + i);
                    assertEquals(n, StoreContents.size(StoreContents.copy(store)), "load " + i + " after DROP ALL");
                    assertEquals(n, store.stats().quads(), "load " + i);
                }
            } finally {
                stop.set(true);
                readers.join();
            }
        }
    }
}
