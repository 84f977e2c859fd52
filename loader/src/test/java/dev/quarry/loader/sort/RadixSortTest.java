package dev.quarry.loader.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** RadixSort sorts as Arrays.sort does, for every key width, with duplicates and digits all keys share. */
class RadixSortTest {
    @Test
    void sortsAsArraysSortDoes() {
        Random random = new Random(11);
        for (int bits = 0; bits <= 63; bits++) {
            for (int n : new int[] {0, 1, 2, 100, 5000}) {
                long[] a = new long[n + 3]; // longer than n: the tail stays as it is
                for (int i = 0; i < a.length; i++) {
                    long v = bits == 0 ? 0 : random.nextLong() >>> (64 - bits);
                    a[i] = i % 7 == 0 && i > 0 ? a[i - 1] : v; // some duplicates
                }
                if (bits > 30 && n > 0) {
                    for (int i = 0; i < n; i++) {
                        a[i] &= ~(0x7FFL << 11); // the second digit the same in every key
                    }
                }
                long[] expected = a.clone();
                Arrays.sort(expected, 0, n);
                long[] actual = a.clone();
                RadixSort.sort(actual, n, new long[n], bits);
                assertArrayEquals(expected, actual, bits + " bits, " + n + " keys");
            }
        }
    }
}
