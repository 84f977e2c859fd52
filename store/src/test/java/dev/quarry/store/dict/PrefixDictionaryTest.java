package dev.quarry.store.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quarry.store.rocks.RocksKv;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Namespace ids survive a reopen once written, and the next new namespace gets the next id (from
 * the greatest in use); new namespaces are written in groups, and every thread sees one id per namespace.
 */
class PrefixDictionaryTest {
    @TempDir
    Path dir;

    @Test
    void idsContinueAfterReopen() {
        try (RocksKv kv = RocksKv.open(dir, 8 << 20, false)) {
            PrefixDictionary d = new PrefixDictionary(kv);
            for (int i = 1; i <= 300; i++) {
                assertEquals(i, d.prefixId("http://example.org/ns" + i + "/", true));
            }
            d.writeUnwritten();
        }
        try (RocksKv kv = RocksKv.open(dir, 8 << 20, false)) {
            PrefixDictionary d = new PrefixDictionary(kv);
            assertEquals(300, d.size());
            assertEquals(7, d.prefixId("http://example.org/ns7/", false));
            assertEquals("http://example.org/ns300/", d.namespace(300));
            assertEquals(301, d.prefixId("http://example.org/new/", true));
        }
    }

    /**
     * In a store that had no namespace at open, new names are not read from the store; names
     * created and written (not cached) still get their id back, and so does a name a prebuilt
     * ingest writes after its reserve (which ends the shortcut).
     */
    @Test
    void namesCreatedSinceOpenKeepTheirIdsWithoutReads() {
        int n = 3 * PrefixDictionary.WRITE_GROUP;
        try (RocksKv kv = RocksKv.open(dir, 8 << 20, false)) {
            PrefixDictionary d = new PrefixDictionary(kv);
            for (int i = 1; i <= n; i++) {
                assertEquals(i, d.prefixId("http://example.org/ns" + i + "/", true));
            }
            d.writeUnwritten();
            for (int i = 1; i <= n; i++) { // written, never cached (asked once): found through the filter's "maybe"
                assertEquals(i, d.prefixId("http://example.org/ns" + i + "/", true));
            }
            assertEquals(n, d.size());
            // a namespace written around this dictionary, as a prebuilt ingest writes its PREFIX entries
            // after reserving their ids: from then on a new name is read first
            int first = d.reserve(1);
            kv.putAllUnsynced(java.util.List.of(
                    dev.quarry.store.encoding.KeyLayout.prefixByNameKey("http://example.org/prebuilt/"),
                    dev.quarry.store.encoding.KeyLayout.intBytes(first)));
            assertEquals(first, d.prefixId("http://example.org/prebuilt/", true));
        }
        CreatedNamespaces c = new CreatedNamespaces(true);
        for (int i = 0; i < 300_000; i++) { // past two doublings
            c.add("n" + i);
        }
        for (int i = 0; i < 300_000; i++) {
            assertEquals(false, c.surelyAbsent("n" + i), "n" + i);
        }
        int absent = 0;
        for (int i = 0; i < 10_000; i++) {
            absent += c.surelyAbsent("m" + i) ? 1 : 0;
        }
        assertEquals(true, absent > 9_000, absent + " of 10,000 new names found surely absent");
        c.giveUp();
        assertEquals(false, c.surelyAbsent("m1"));
        assertEquals(false, new CreatedNamespaces(false).surelyAbsent("m1"));
    }

    @Test
    void newNamespacesAreWrittenInGroupsAndReadableBeforeThat() {
        int n = PrefixDictionary.WRITE_GROUP + 10;
        try (RocksKv kv = RocksKv.open(dir, 8 << 20, false)) {
            PrefixDictionary d = new PrefixDictionary(kv);
            for (int i = 1; i <= n; i++) {
                assertEquals(i, d.prefixId("http://example.org/ns" + i + "/", true));
            }
            // the last ten are not written yet, but this dictionary knows them both ways
            assertEquals(n, d.prefixId("http://example.org/ns" + n + "/", false));
            assertEquals("http://example.org/ns" + n + "/", d.namespace(n));
        }
        try (RocksKv kv = RocksKv.open(dir, 8 << 20, false)) {
            PrefixDictionary d = new PrefixDictionary(kv);
            // the first group was written when it filled; the ten after it were never written
            assertEquals(PrefixDictionary.WRITE_GROUP, d.size());
            assertEquals(PrefixDictionary.WRITE_GROUP, d.prefixId("http://example.org/ns" + PrefixDictionary.WRITE_GROUP + "/", false));
            assertEquals(-1, d.prefixId("http://example.org/ns" + n + "/", false));
        }
    }

    @Test
    void threadsCreatingTheSameNamespacesGetOneIdEach() throws Exception {
        int namespaces = 3 * PrefixDictionary.WRITE_GROUP;
        try (RocksKv kv = RocksKv.open(dir, 8 << 20, false)) {
            PrefixDictionary d = new PrefixDictionary(kv);
            int threads = 4;
            int[][] seen = new int[threads][namespaces];
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
            java.util.List<java.util.concurrent.Future<?>> runs = new java.util.ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                runs.add(pool.submit(() -> {
                    for (int i = 0; i < namespaces; i++) {
                        int k = (i * 7 + thread * 13) % namespaces; // each thread in its own order
                        seen[thread][k] = d.prefixId("http://example.org/c" + k + "/", true);
                    }
                }));
            }
            for (java.util.concurrent.Future<?> r : runs) {
                r.get();
            }
            pool.shutdown();
            java.util.Set<Integer> ids = new java.util.HashSet<>();
            for (int k = 0; k < namespaces; k++) {
                for (int t = 1; t < threads; t++) {
                    assertEquals(seen[0][k], seen[t][k], "namespace " + k);
                }
                ids.add(seen[0][k]);
                assertEquals("http://example.org/c" + k + "/", d.namespace(seen[0][k]));
            }
            assertEquals(namespaces, ids.size());
            assertEquals(namespaces, d.size());
        }
    }

    @Test
    void emptyStoreStartsAtOne() {
        try (RocksKv kv = RocksKv.open(dir, 8 << 20, false)) {
            assertEquals(1, new PrefixDictionary(kv).prefixId("http://example.org/", true));
        }
    }
}
