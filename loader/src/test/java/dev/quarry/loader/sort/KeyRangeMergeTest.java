package dev.quarry.loader.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.store.BulkSession;
import dev.quarry.store.QuadStore;
import dev.quarry.store.ReadView;
import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermId;
import dev.quarry.store.rocks.KvIterator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A merge split into key ranges ({@link KeyRangePlanner}) writes exactly the keys and the
 * statistics of the merge of the whole index: duplicates across runs, range boundaries on
 * existing keys, empty ranges, runs in memory and spilled, and the SPOG merge's check against
 * a non-empty store.
 */
class KeyRangeMergeTest {
    @TempDir
    Path tmp;

    @Test
    void rangeReadersTogetherReadEveryRunExactlyOnce() throws Exception {
        try (SortedRunSpool spool = spool(quads(new Random(1), 3, 120_000), "runs")) {
            for (Permutation perm : Permutation.values()) {
                List<SortedRun> runs = spool.runs(perm);
                assertTrue(runs.stream().anyMatch(r -> r.starts.size() > 1), "runs of several frames");
                assertTrue(runs.stream().anyMatch(r -> !r.inMemory()) && runs.stream().anyMatch(SortedRun::inMemory));
                for (SortedRun run : runs) {
                    if (run.starts.size() < 2) {
                        continue;
                    }
                    List<long[]> all = read(run, KeyRange.ALL);
                    assertEquals(run.count, all.size());
                    for (int parts = 1; parts <= 5; parts++) {
                        assertSameTuples(all, readAll(run, ranges(KeyRangePlanner.split(perm, runs, parts))), perm + " in " + parts);
                    }
                    // Boundaries on existing keys: a frame's first key, the key before it, the first and last keys.
                    long[] frameFirst = run.starts.get(run.starts.size() / 2).first();
                    int at = indexOf(all, frameFirst);
                    List<long[]> bounds = List.of(all.get(0), all.get(at - 1), frameFirst, all.get(all.size() - 1));
                    assertSameTuples(all, readAll(run, contiguous(bounds)), perm + " at existing keys");
                    assertSameTuples(List.of(), read(run, new KeyRange(frameFirst, frameFirst)), "empty range");
                    long[] past = {-1L, -1L, -1L, -1L};
                    assertSameTuples(List.of(), read(run, new KeyRange(past, null)), "range after the last key");
                }
            }
        }
    }

    @Test
    void plannedRangesCoverEveryKeyAndNeverSplitAPairOfLeadingColumns() throws Exception {
        try (SortedRunSpool spool = spool(quads(new Random(2), 4, 60_000), "runs")) {
            List<KeyRangePlanner.Part> parts = KeyRangePlanner.split(Permutation.POSG, spool.runs(Permutation.POSG), 4);
            assertEquals(4, parts.size());
            assertNull(parts.get(0).range().from());
            assertNull(parts.get(parts.size() - 1).range().to());
            long keys = 0;
            for (int i = 0; i < parts.size(); i++) {
                KeyRange r = parts.get(i).range();
                if (i > 0) {
                    assertArrayEquals(parts.get(i - 1).range().to(), r.from());
                    assertEquals(0, r.from()[2]);
                    assertEquals(0, r.from()[3]);
                }
                keys += parts.get(i).keys();
            }
            long runKeys = spool.runs(Permutation.POSG).stream().mapToLong(r -> r.count).sum();
            assertEquals(runKeys, keys);
            for (KeyRangePlanner.Part p : parts) {
                assertTrue(p.keys() > runKeys / 8, "balanced: " + p.keys() + " of " + runKeys);
            }
        }
    }

    @Test
    void rangeMergesWriteTheSameStoreAsWholeMerges() throws Exception {
        long[][] batches = quads(new Random(3), 4, 60_000);
        StoreKeys whole = mergeInto("whole", null, batches, 1);
        StoreKeys ranged = mergeInto("ranged", null, batches, 4);
        assertTrue(ranged.files > whole.files, "the ranged merge wrote more files: " + ranged.files);
        assertEquals(whole.counts, ranged.counts);
        assertEquals(whole.keys.size(), ranged.keys.size());
        for (int i = 0; i < whole.keys.size(); i++) {
            assertArrayEquals(whole.keys.get(i), ranged.keys.get(i), "key " + i);
        }
    }

    @Test
    void rangeMergesIntoANonEmptyStoreCheckItAsTheWholeMergeDoes() throws Exception {
        Random rnd = new Random(4);
        long[][] first = quads(rnd, 2, 50_000);
        long[][] second = quads(rnd, 3, 50_000);
        System.arraycopy(first[0], 0, second[1], 0, 40_000); // 10 k quads of the store again, spread over the SPOG ranges
        StoreKeys whole = mergeInto("whole", first, second, 1);
        StoreKeys ranged = mergeInto("ranged", first, second, 4);
        assertTrue(whole.counts.alreadyInStore() >= 10_000, whole.counts.toString());
        assertEquals(whole.counts, ranged.counts);
        assertEquals(whole.keys.size(), ranged.keys.size());
        for (int i = 0; i < whole.keys.size(); i++) {
            assertArrayEquals(whole.keys.get(i), ranged.keys.get(i), "key " + i);
        }
    }

    /** Every key and value of a store after merging {@code batches} in {@code parts} ranges per index, and the SPOG counts. */
    private record StoreKeys(List<byte[]> keys, IndexMerger.SpogCounts counts, int files) {}

    private StoreKeys mergeInto(String name, long[][] before, long[][] batches, int parts) throws Exception {
        try (QuadStore store = QuadStore.open(tmp.resolve(name))) {
            if (before != null) {
                commit(store, before, 1, name + "-before");
            }
            IndexMerger.SpogCounts counts = null;
            int files = 0;
            BulkSession session = store.beginBulk();
            try (SortedRunSpool spool = spool(batches, name + "-runs")) {
                boolean checkStore = !session.isEmpty();
                List<Path> out = new ArrayList<>();
                counts = IndexMerger.SpogCounts.NONE;
                for (Permutation perm : Permutation.values()) {
                    for (KeyRangePlanner.Part part : KeyRangePlanner.split(perm, spool.runs(perm), parts)) {
                        if (perm == Permutation.SPOG) {
                            IndexMerger.SpogResult r = IndexMerger.mergeSpog(spool, part.range(), session, checkStore, () -> false);
                            counts = counts.plus(r.counts());
                            add(out, r.file());
                        } else {
                            add(out, IndexMerger.merge(spool, perm, part.range(), session, checkStore, () -> false));
                        }
                    }
                }
                files = out.size();
                session.commit(out);
            } finally {
                session.close();
            }
            List<byte[]> keys = new ArrayList<>();
            try (ReadView view = store.newReadView(); KvIterator it = view.kvReader().scan(new byte[0])) {
                while (it.next()) {
                    keys.add(it.key());
                    keys.add(it.value());
                }
            }
            return new StoreKeys(keys, counts, files);
        }
    }

    private void commit(QuadStore store, long[][] batches, int parts, String runs) throws Exception {
        BulkSession session = store.beginBulk();
        try (SortedRunSpool spool = spool(batches, runs)) {
            List<Path> out = new ArrayList<>();
            add(out, IndexMerger.mergeSpog(spool, session, false, () -> false).file());
            for (Permutation perm : Permutation.values()) {
                if (perm != Permutation.SPOG) {
                    add(out, IndexMerger.merge(spool, perm, session, false, () -> false));
                }
            }
            session.commit(out);
        } finally {
            session.close();
        }
    }

    private static void add(List<Path> files, Path p) {
        if (p != null) {
            files.add(p);
        }
    }

    /** Batches of quads of dictionary ids: many subjects, few predicates and graphs, some duplicates within and across batches. */
    private static long[][] quads(Random rnd, int batches, int perBatch) {
        long[][] out = new long[batches][];
        for (int b = 0; b < batches; b++) {
            long[] q = new long[perBatch * 4];
            for (int i = 0; i < perBatch; i++) {
                q[i * 4] = TermId.dictionaryId(1 + rnd.nextInt(20_000));
                q[i * 4 + 1] = TermId.dictionaryId(30_001 + rnd.nextInt(6));
                q[i * 4 + 2] = i % 5 == 0 ? TermId.dictionaryId(40_000) : TermId.dictionaryId(1 + rnd.nextInt(200_000));
                q[i * 4 + 3] = i % 3 == 0 ? TermId.DEFAULT_GRAPH : TermId.dictionaryId(30_010 + rnd.nextInt(3));
            }
            if (b > 0) {
                System.arraycopy(out[b - 1], 0, q, 0, 4_000); // duplicates of the batch before
            }
            out[b] = q;
        }
        return out;
    }

    /** The sorted runs of {@code batches}: the first batch's stay in memory, the later ones are spilled. */
    private SortedRunSpool spool(long[][] batches, String dir) throws Exception {
        Path d = java.nio.file.Files.createDirectories(tmp.resolve(dir));
        List<List<SortedRun>> sorted = new ArrayList<>();
        for (long[] b : batches) {
            sorted.add(new BatchSorter().sort(b.clone(), b.length / 4));
        }
        SortedRunSpool spool = new SortedRunSpool(d, sorted.get(0).stream().mapToLong(SortedRun::bytes).sum());
        for (List<SortedRun> runs : sorted) {
            spool.add(runs);
        }
        spool.finishSpills();
        return spool;
    }

    private static List<long[]> read(SortedRun run, KeyRange range) {
        List<long[]> out = new ArrayList<>();
        try (RunReader r = run.reader(range)) {
            while (r.next()) {
                out.add(r.key.clone());
            }
            assertFalse(r.next());
        }
        return out;
    }

    private static List<long[]> readAll(SortedRun run, List<KeyRange> ranges) {
        List<long[]> out = new ArrayList<>();
        for (KeyRange r : ranges) {
            out.addAll(read(run, r));
        }
        return out;
    }

    private static List<KeyRange> ranges(List<KeyRangePlanner.Part> parts) {
        return parts.stream().map(KeyRangePlanner.Part::range).toList();
    }

    /** {@code [-, b0), [b0, b1), ..., [bn, -)}. */
    private static List<KeyRange> contiguous(List<long[]> bounds) {
        List<KeyRange> out = new ArrayList<>();
        for (int i = 0; i <= bounds.size(); i++) {
            out.add(new KeyRange(i == 0 ? null : bounds.get(i - 1), i == bounds.size() ? null : bounds.get(i)));
        }
        return out;
    }

    private static int indexOf(List<long[]> keys, long[] key) {
        for (int i = 0; i < keys.size(); i++) {
            if (Arrays.equals(keys.get(i), key)) {
                return i;
            }
        }
        throw new AssertionError("no key " + Arrays.toString(key));
    }

    /** List equality of long[] elements by content. */
    private static void assertSameTuples(List<long[]> expected, List<long[]> actual, String what) {
        assertEquals(expected.size(), actual.size(), what + ": size");
        for (int i = 0; i < expected.size(); i++) {
            assertArrayEquals(expected.get(i), actual.get(i), what + ": tuple " + i);
        }
    }
}
