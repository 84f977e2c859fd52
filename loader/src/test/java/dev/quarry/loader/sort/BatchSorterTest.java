package dev.quarry.loader.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quarry.store.encoding.Permutation;
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
    void batchWhoseRanksDoNotFitALongIsSortedAsTuples() {
        Random rnd = new Random(8);
        // ~70 k distinct values in each column: 4 x 17 bits > 63.
        int n = 70_000;
        long[] quads = new long[n * 4];
        for (int i = 0; i < quads.length; i++) {
            quads[i] = rnd.nextLong();
        }
        System.arraycopy(quads, 0, quads, 4, 4); // one duplicate
        check(quads, n);
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

    private static void assertRuns(long[] original, int n, List<SortedRun> runs) {
        assertEquals(6, runs.size());
        for (SortedRun run : runs) {
            List<long[]> expected = expected(original, n, run.perm);
            assertEquals(expected.size(), run.count, run.perm + " count");
            try (RunReader r = run.reader()) {
                for (long[] e : expected) {
                    r.next();
                    assertArrayEquals(e, r.key, run.perm.toString());
                }
                assertEquals(false, r.next());
            }
        }
    }

    /** Distinct tuples in key order of {@code perm}, unsigned. */
    private static List<long[]> expected(long[] quads, int n, Permutation perm) {
        TreeSet<long[]> set = new TreeSet<>((a, b) -> Arrays.compareUnsigned(a, b));
        for (int i = 0; i < n; i++) {
            long[] k = new long[4];
            for (int slot = 0; slot < 4; slot++) {
                k[slot] = quads[i * 4 + perm.position(slot)];
            }
            set.add(k);
        }
        return new ArrayList<>(set);
    }
}
