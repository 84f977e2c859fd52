package dev.quarry.loader.encode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.store.BulkSession;
import dev.quarry.store.QuadStore;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Four threads look terms up while shards spill again and again: a term must keep the id it
 * got first whether it is found in the table, in a spilled run or (new) nowhere.
 */
class LoadDictionarySpillTest {
    @TempDir
    Path tmp;

    @Test
    void concurrentLookupsDuringSpillsGiveEachTermOneId() throws Exception {
        byte[][] terms = new byte[30_000][];
        for (int i = 0; i < terms.length; i++) {
            terms[i] = ("\u0001term " + i + " with padding so a small budget fills quickly").getBytes(StandardCharsets.UTF_8);
        }
        Map<Integer, Long> ids = new ConcurrentHashMap<>();
        List<String> conflicts = java.util.Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try (QuadStore store = QuadStore.open(tmp.resolve("s"));
             BulkSession session = store.beginBulk();
             LoadDictionary dictionary = new LoadDictionary(session, session.scratchDirectory(), true, 256 << 10, 8)) {
            List<Future<?>> parts = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                Random rnd = new Random(w);
                parts.add(pool.submit(() -> {
                    for (int k = 0; k < 60_000; k++) {
                        int i = rnd.nextInt(terms.length);
                        long id = dictionary.idOf(terms[i], 0, terms[i].length, ByteHash.hash(terms[i], 0, terms[i].length));
                        Long first = ids.putIfAbsent(i, id);
                        if (first != null && first != id) {
                            conflicts.add("term " + i + ": " + first + " then " + id);
                        }
                    }
                }));
            }
            for (Future<?> f : parts) {
                f.get();
            }
            assertTrue(dictionary.spillCount() > 8, "spills: " + dictionary.spillCount());
            assertEquals(0, conflicts.size(), "e.g. " + conflicts.subList(0, Math.min(5, conflicts.size())));
            assertEquals(ids.size(), dictionary.newTerms());
            assertEquals(ids.size(), new HashSet<>(ids.values()).size(), "distinct terms have distinct ids");
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * A spill that cannot write (its scratch directory is a file) fails the lookup that started
     * it, and every later lookup of that shard, also of a term it holds: no id is handed out
     * for a term whose spill was lost.
     */
    @Test
    void aFailedSpillFailsEveryLaterLookup() throws Exception {
        Path notADirectory = Files.writeString(tmp.resolve("scratch"), "a file");
        try (QuadStore store = QuadStore.open(tmp.resolve("s"));
             BulkSession session = store.beginBulk();
             LoadDictionary dictionary = new LoadDictionary(session, notADirectory, true, 64 << 10, 1)) {
            byte[] first = "\u0001the first term".getBytes(StandardCharsets.UTF_8);
            dictionary.idOf(first, 0, first.length, ByteHash.hash(first, 0, first.length));
            RuntimeException failed = null;
            for (int i = 0; i < 10_000 && failed == null; i++) {
                byte[] t = ("\u0001term " + i + " padded to fill the shard's budget soon").getBytes(StandardCharsets.UTF_8);
                try {
                    dictionary.idOf(t, 0, t.length, ByteHash.hash(t, 0, t.length));
                } catch (UncheckedIOException e) {
                    failed = e;
                }
            }
            assertNotNull(failed, "the spill into a file instead of a directory failed");
            RuntimeException again = assertThrows(RuntimeException.class,
                    () -> dictionary.idOf(first, 0, first.length, ByteHash.hash(first, 0, first.length)));
            assertSame(failed, again);
        }
    }
}
