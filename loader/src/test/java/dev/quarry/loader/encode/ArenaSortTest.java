package dev.quarry.loader.encode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Sorting by the cached eight-byte prefix then the bytes gives unsigned byte order, ties and zero bytes included. */
class ArenaSortTest {
    @Test
    void sortsLikeUnsignedByteComparison() {
        Random rnd = new Random(11);
        byte[] alphabet = {0, 1, 'a', 'b', (byte) 0x7F, (byte) 0x80, (byte) 0xFF};
        List<byte[]> terms = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            byte[] t = new byte[rnd.nextInt(14)];
            for (int k = 0; k < t.length; k++) {
                t[k] = k < 5 && rnd.nextBoolean() ? (byte) 'n' : alphabet[rnd.nextInt(alphabet.length)];
            }
            terms.add(t);
        }
        assertSorted(terms);
    }

    /** The quicksort's edge cases: nothing, one, sorted, reversed, all equal. */
    @Test
    void sortsOrderedAndEqualInput() {
        List<byte[]> sorted = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            sorted.add(("term" + (10_000 + i)).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        }
        assertSorted(List.of());
        assertSorted(sorted.subList(0, 1));
        assertSorted(sorted);
        assertSorted(sorted.reversed());
        assertSorted(java.util.Collections.nCopies(1000, sorted.get(7)));
    }

    private static void assertSorted(List<byte[]> input) {
        List<byte[]> terms = new ArrayList<>(input);
        TermArena arena = new TermArena();
        int[] entries = new int[terms.size()];
        for (int i = 0; i < terms.size(); i++) {
            byte[] t = terms.get(i);
            entries[i] = arena.append(t, 0, t.length, i, TermArena.NEW);
        }
        ArenaSort.sortByBytes(arena, entries);
        terms.sort(Arrays::compareUnsigned);
        for (int i = 0; i < entries.length; i++) {
            int e = entries[i];
            byte[] got = Arrays.copyOfRange(arena.bytes(e), arena.start(e), arena.start(e) + arena.length(e));
            assertArrayEquals(terms.get(i), got, "position " + i);
        }
    }
}
