package dev.quarry.engine.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link IdTupleSet} against a HashSet of lists, through growth, duplicates and clearing. */
class IdTupleSetTest {

    @Test
    void agreesWithAHashSetOfTuples() {
        for (int width : new int[] {1, 2, 3, 5}) {
            Random random = new Random(width);
            IdTupleSet set = new IdTupleSet(width);
            Set<List<Long>> reference = new HashSet<>();
            for (int round = 0; round < 3; round++) {
                for (int i = 0; i < 20_000; i++) {
                    // Few distinct values per column: many duplicates, and tuples that differ in one column only.
                    long[] tuple = new long[width + 2]; // wider than the set: only the first `width` count
                    List<Long> key = new ArrayList<>();
                    for (int k = 0; k < width; k++) {
                        tuple[k] = random.nextInt(40) - 5; // negative ids too (inline values have the high bits set)
                        key.add(tuple[k]);
                    }
                    tuple[width] = random.nextLong();
                    assertEquals(reference.add(key), set.add(tuple), "width " + width + ", " + key);
                }
                assertEquals(reference.size(), set.size());
                set.clear();
                reference.clear();
                assertEquals(0, set.size());
            }
        }
    }

    @Test
    void keepsACopyNotTheCallersArray() {
        IdTupleSet set = new IdTupleSet(2);
        long[] buffer = {7, 8};
        assertTrue(set.add(buffer));
        buffer[0] = 9;
        assertTrue(set.add(buffer));
        assertFalse(set.add(new long[] {7, 8}));
        assertFalse(set.add(new long[] {9, 8}));
    }

    @Test
    void theEmptyTupleIsOneTuple() {
        IdTupleSet set = new IdTupleSet(0);
        assertTrue(set.add(new long[0]));
        assertFalse(set.add(new long[] {3}));
        assertEquals(1, set.size());
    }
}
