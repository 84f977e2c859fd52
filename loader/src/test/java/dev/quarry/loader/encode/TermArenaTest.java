package dev.quarry.loader.encode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Entries in segments: found by handle, visited in insertion order, long terms whole, and again after a clear or in recycled segments. */
class TermArenaTest {
    @Test
    void entriesAcrossSegmentsReadBackInOrder() {
        TermArena arena = new TermArena();
        for (int round = 0; round < 2; round++) { // the second round reuses the segments
            fillAndCheck(arena, new Random(round));
            arena.clear(false);
            assertEquals(-1, arena.first());
        }
    }

    /**
     * An arena that took a spent one's segments (a shard after a spill, holding a few entries
     * already) fills them, keeps what it held, and allocates no full-size segment of its own
     * until they are used up; the spent arena is left empty.
     */
    @Test
    void recycledSegmentsAreFilledBeforeNewOnes() {
        TermArena spent = new TermArena();
        fillAndCheck(spent, new Random(1));
        Set<byte[]> spentSegments = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int e = spent.first(); e >= 0; e = spent.next(e)) {
            if (spent.bytes(e).length == TermArena.SEGMENT) {
                spentSegments.add(spent.bytes(e));
            }
        }
        TermArena arena = new TermArena();
        byte[] early = {1, 2, 3};
        int first = arena.append(early, 0, early.length, 7, TermArena.NEW);
        arena.recycle(spent);
        assertEquals(-1, spent.first());
        assertEquals(0, spent.used());
        Set<byte[]> used = Collections.newSetFromMap(new IdentityHashMap<>());
        int reused = 0;
        byte[] t = new byte[100];
        for (int i = 0; reused < spentSegments.size() && i < 1_000_000; i++) {
            byte[] seg = arena.bytes(arena.append(t, 0, t.length, i, TermArena.NEW));
            if (seg.length == TermArena.SEGMENT && used.add(seg)) {
                assertTrue(spentSegments.contains(seg), "a full-size segment of the spent arena, not a new one");
                reused++;
            }
        }
        assertEquals(spentSegments.size(), reused);
        assertEquals(7, arena.id(first));
        assertTrue(arena.equalsTerm(first, early, 0, early.length));
    }

    private static void fillAndCheck(TermArena arena, Random rnd) {
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
    }
}
