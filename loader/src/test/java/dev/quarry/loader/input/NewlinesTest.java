package dev.quarry.loader.input;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The word-wide search agrees with a byte loop at every alignment, including bytes near '\n'. */
class NewlinesTest {
    @Test
    void agreesWithAByteLoop() {
        Random rnd = new Random(3);
        byte[] alphabet = {'\n', 0x0B, 0x09, 0x0A - 0x80, (byte) 0x8A, 0, (byte) 0xFF, 'a', 0x01, 0x7F};
        for (int round = 0; round < 2000; round++) {
            byte[] b = new byte[rnd.nextInt(40)];
            for (int i = 0; i < b.length; i++) {
                b[i] = rnd.nextInt(4) == 0 ? alphabet[rnd.nextInt(alphabet.length)] : (byte) rnd.nextInt(256);
            }
            int from = b.length == 0 ? 0 : rnd.nextInt(b.length);
            int to = from + rnd.nextInt(b.length - from + 1);
            int index = from;
            while (index < to && b[index] != '\n') {
                index++;
            }
            long count = 0;
            for (int i = from; i < to; i++) {
                count += b[i] == '\n' ? 1 : 0;
            }
            assertEquals(index, Newlines.indexOf(b, from, to));
            assertEquals(count, Newlines.count(b, from, to));
        }
    }
}
