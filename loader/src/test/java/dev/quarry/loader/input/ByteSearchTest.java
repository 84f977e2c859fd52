package dev.quarry.loader.input;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The word-wide searches agree with a byte loop at every alignment, for sought bytes of either sign and every bound. */
class ByteSearchTest {
    @Test
    void agreesWithAByteLoop() {
        Random rnd = new Random(5);
        byte[][] sought = {{'>', '\n', '"'}, {'\\', '\'', '\n'}, {(byte) 0x80, (byte) 0xFF, 0}, {0x7F, 0x01, (byte) 0xC3}};
        for (int round = 0; round < 20_000; round++) {
            byte[] s = sought[rnd.nextInt(sought.length)];
            byte[] b = new byte[rnd.nextInt(50)];
            for (int i = 0; i < b.length; i++) {
                int pick = rnd.nextInt(8);
                // Mostly near misses (one bit off, the high bit flipped), sometimes a sought byte.
                b[i] = pick == 0 ? s[rnd.nextInt(3)]
                        : pick < 3 ? (byte) (s[rnd.nextInt(3)] ^ (1 << rnd.nextInt(8)))
                        : (byte) rnd.nextInt(256);
            }
            int from = b.length == 0 ? 0 : rnd.nextInt(b.length);
            int to = from + rnd.nextInt(b.length - from + 1);
            assertEquals(loop(b, from, to, s[0], s[1], s[1]), ByteSearch.indexOfAny(b, from, to, s[0], s[1], s[1]));
            assertEquals(loop(b, from, to, s[0], s[1], s[2]), ByteSearch.indexOfAny(b, from, to, s[0], s[1], s[2]));
            int below = rnd.nextInt(0x81);
            assertEquals(special(b, from, to, s[0], s[1], below), ByteSearch.indexOfSpecial(b, from, to, s[0], s[1], below));
        }
    }

    private static int special(byte[] b, int from, int to, byte x, byte y, int below) {
        int i = from;
        while (i < to && b[i] != x && b[i] != y && (b[i] & 0xFF) >= below && (b[i] & 0xFF) < 0x80) {
            i++;
        }
        return i;
    }

    private static int loop(byte[] b, int from, int to, byte x, byte y, byte z) {
        int i = from;
        while (i < to && b[i] != x && b[i] != y && b[i] != z) {
            i++;
        }
        return i;
    }
}
