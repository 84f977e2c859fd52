package dev.quarry.engine.expr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

class SlotsTest {
    @Test
    void unionIsSortedWithoutRepeats() {
        assertArrayEquals(new int[] {1, 2, 3, 5}, Slots.union(new int[] {3, 1}, new int[] {5, 1, 2}));
        assertArrayEquals(new int[] {0, 7, 70}, Slots.union(new int[] {70, 0}, new int[] {7, 7}));
        assertArrayEquals(new int[] {4}, Slots.union(new int[] {4}, new int[] {4}));
        assertArrayEquals(new int[] {}, Slots.union(new int[] {}, new int[] {}));
        assertArrayEquals(new int[] {2}, Slots.union(new int[] {}, new int[] {2}));
    }
}
