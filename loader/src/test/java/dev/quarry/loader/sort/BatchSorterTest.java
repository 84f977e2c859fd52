package dev.quarry.loader.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The six runs of a batch hold exactly its distinct quads in each index's unsigned key order. */
class BatchSorterTest {
    private static final long[] SPECIAL = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 0x8000_0000_0000_0001L};

    @Test
    void packedBatchWithDuplicatesAndHighBitIds() {
        Random rnd = new Random(7);
        // Few distinct values per column: the ranks fit a long (the usual path).
        long[] quads = randomQuads(rnd, 5000, new int[] {300, 20, 700, 9});
        check(quads, 5000);
    }

    @Test
    void batchWhoseRanksDoNotFitALongIsSortedInParts() {
        Random rnd = new Random(8);
        // ~70 k distinct values in each column: 4 x 17 bits > 63, so the batch is halved twice.
        int n = 70_000;
        long[] quads = randomLongs(rnd, n);
        System.arraycopy(quads, 0, quads, 4, 4); // one duplicate within a part
        System.arraycopy(quads, 0, quads, (n - 1) * 4, 4); // one across parts
        long[] copy = quads.clone();
        List<SortedRun> runs = new BatchSorter().sort(quads, n);
        assertEquals(24, runs.size());
        assertRuns(copy, n, runs);
    }

    @Test
    void sorterIsReusableAcrossBatchesOfBothKinds() {
        BatchSorter sorter = new BatchSorter();
        Random rnd = new Random(9);
        for (int round = 0; round < 4; round++) {
            int n = 1000 + rnd.nextInt(3000);
            long[] quads = round % 2 == 0 ? randomQuads(rnd, n, new int[] {50, 5, 100, 3}) : randomLongs(rnd, n);
            long[] copy = quads.clone();
            assertRuns(copy, n, sorter.sort(quads, n));
        }
    }

    /** Format 3: the graph-first runs leave the default graph's quads out; a default-graph-only batch has three runs. */
    @Test
    void graphFirstRunsHoldNamedGraphsOnly() {
        Random rnd = new Random(10);
        int n = 3000;
        long[] quads = randomQuads(rnd, n, new int[] {80, 7, 150, 4});
        for (int i = 0; i < n; i += 2) {
            quads[i * 4 + Permutation.G] = TermId.DEFAULT_GRAPH;
        }
        check(quads, n);
        for (int i = 0; i < n; i++) {
            quads[i * 4 + Permutation.G] = TermId.DEFAULT_GRAPH;
        }
        long[] copy = quads.clone();
        List<SortedRun> runs = new BatchSorter().sort(quads, n);
        assertEquals(List.of(Permutation.SPOG, Permutation.POSG, Permutation.OSPG), runs.stream().map(r -> r.perm).toList());
        assertRuns(copy, n, runs);
    }

    @Test
    void emptyAndSingleQuadBatches() {
        check(new long[0], 0);
        check(new long[] {5, 6, 7, 8}, 1);
    }

    private static long[] randomQuads(Random rnd, int n, int[] distinct) {
        long[] quads = new long[n * 4];
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < 4; c++) {
                int v = rnd.nextInt(distinct[c]);
                quads[i * 4 + c] = v < SPECIAL.length ? SPECIAL[v] : (v * 0x9E3779B97F4A7C15L) >>> (c * 7);
            }
        }
        for (int i = 1; i < n; i += 17) { // duplicates, some adjacent
            System.arraycopy(quads, (i - 1) * 4, quads, i * 4, 4);
        }
        return quads;
    }

    private static long[] randomLongs(Random rnd, int n) {
        long[] quads = new long[n * 4];
        for (int i = 0; i < quads.length; i++) {
            quads[i] = rnd.nextLong();
        }
        return quads;
    }

    private static void check(long[] quads, int n) {
        long[] copy = quads.clone();
        assertRuns(copy, n, new BatchSorter().sort(quads, n));
    }

    /** Per index, each run is strictly increasing and together they hold exactly the distinct quads. */
    private static void assertRuns(long[] original, int n, List<SortedRun> runs) {
        for (Permutation perm : Permutation.values()) {
            TreeSet<long[]> seen = new TreeSet<>(Arrays::compareUnsigned);
            for (SortedRun run : runs) {
                if (run.perm != perm) {
                    continue;
                }
                long[] previous = null;
                try (RunReader r = run.reader()) {
                    for (long i = 0; i < run.count; i++) {
                        assertTrue(r.next());
                        long[] k = r.key.clone();
                        assertTrue(previous == null || Arrays.compareUnsigned(previous, k) < 0, perm + " order");
                        seen.add(k);
                        previous = k;
                    }
                    assertFalse(r.next());
                }
            }
            List<long[]> expected = expected(original, n, perm);
            assertEquals(expected.size(), seen.size(), perm + " distinct quads");
            int i = 0;
            for (long[] k : seen) {
                assertArrayEquals(expected.get(i++), k, perm.toString());
            }
        }
    }

    /** Distinct tuples in key order of {@code perm}, unsigned. */
    private static List<long[]> expected(long[] quads, int n, Permutation perm) {
        TreeSet<long[]> set = new TreeSet<>(Arrays::compareUnsigned);
        for (int i = 0; i < n; i++) {
            long[] k = new long[4];
            for (int slot = 0; slot < 4; slot++) {
                k[slot] = quads[i * 4 + perm.position(slot)];
            }
            if (perm.holds(quads[i * 4 + Permutation.G])) {
                set.add(k);
            }
        }
        return new ArrayList<>(set);
    }
}
