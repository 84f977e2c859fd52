package dev.quarry.loader.encode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Entries in segments: found by handle, visited in insertion order, long terms whole, and again after a clear. */
class TermArenaTest {
    @Test
    void entriesAcrossSegmentsReadBackInOrder() {
        TermArena arena = new TermArena();
        for (int round = 0; round < 2; round++) { // the second round reuses the segments
            Random rnd = new Random(round);
            List<byte[]> terms = new ArrayList<>();
            List<Integer> handles = new ArrayList<>();
            for (int i = 0; i < 40_000; i++) {
                byte[] t = new byte[i % 5000 == 17 ? TermArena.SEGMENT + rnd.nextInt(3) : rnd.nextInt(200)];
                rnd.nextBytes(t);
                terms.add(t);
                handles.add(arena.append(t, 0, t.length, i, i % 3 == 0 ? TermArena.NEW : TermArena.KNOWN));
            }
            assertTrue(arena.used() > 4 * TermArena.SEGMENT, "several segments: " + arena.used());
            int i = 0;
            for (int e = arena.first(); e >= 0; e = arena.next(e), i++) {
                assertEquals(handles.get(i), e, "entry " + i);
                assertEquals(i, arena.id(e));
                assertEquals(i % 3 == 0 ? TermArena.NEW : TermArena.KNOWN, arena.state(e));
                byte[] t = terms.get(i);
                assertArrayEquals(t, Arrays.copyOfRange(arena.bytes(e), arena.start(e), arena.start(e) + arena.length(e)));
                assertTrue(arena.equalsTerm(e, t, 0, t.length));
            }
            assertEquals(terms.size(), i);
            arena.clear(false);
            assertEquals(-1, arena.first());
        }
    }
}
