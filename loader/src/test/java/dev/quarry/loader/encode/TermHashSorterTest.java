package dev.quarry.loader.encode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The (term hash, id) records of TERM2ID come out in unsigned hash order, in memory or through bucket files. */
class TermHashSorterTest {
    @TempDir
    Path scratch;

    private record Rec(long high, long low, long id) {}

    private static final Comparator<Rec> BY_HASH = Comparator.<Rec, Long>comparing(Rec::high, Long::compareUnsigned)
            .thenComparing(Rec::low, Long::compareUnsigned);

    @ParameterizedTest
    @CsvSource({
        "0, 100000000, 0", "1, 100000000, 0", "17, 100000000, 0", "50000, 100000000, 0",
        "50000, 100000, 0", // 2.4 MB to sort over a 100 kB budget: bucket files
        "3000, 1, 0",       // the most buckets
        "20000, 100000000, 30", "20000, 100000, 30"}) // hashes that share their first 30 bits: one long run a digit
    void recordsComeOutInHashOrder(int n, long budget, int sharedBits) throws Exception {
        Random random = new Random(n * 31L + budget);
        List<Rec> in = new ArrayList<>();
        long shared = random.nextLong();
        for (int i = 0; i < n; i++) {
            // Some hashes share their high half, some have the sign bit set: both orders must be unsigned.
            long high = i % 7 == 0 && i > 0 ? in.get(i - 1).high() : random.nextLong();
            if (sharedBits > 0) {
                high = (shared & (-1L << (64 - sharedBits))) | (high >>> sharedBits);
            }
            in.add(new Rec(high, random.nextLong(), 1000 + i));
        }
        List<Rec> out = new ArrayList<>();
        try (TermHashSorter sorter = new TermHashSorter(scratch, n, budget)) {
            in.forEach(r -> sorter.add(r.high(), r.low(), r.id()));
            sorter.forEachSorted((h, l, id) -> out.add(new Rec(h, l, id)));
        }
        List<Rec> expected = new ArrayList<>(in);
        expected.sort(BY_HASH);
        assertEquals(expected, out);
        try (var files = Files.list(scratch)) {
            assertEquals(0, files.count(), "bucket files are deleted once read");
        }
    }

    @ParameterizedTest
    @CsvSource({"100000000", "100"})
    void twoRecordsWithOneHashFailTheSort(long budget) {
        try (TermHashSorter sorter = new TermHashSorter(scratch, 3, budget)) {
            sorter.add(5, -9, 1);
            sorter.add(-2, 4, 2);
            sorter.add(5, -9, 3);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> sorter.forEachSorted((h, l, id) -> { }));
            assertTrue(e.getMessage().startsWith("two new terms (ids 1 and 3) have the same 128-bit dictionary hash"), e.getMessage());
        }
    }
}
