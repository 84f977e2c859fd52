package dev.quarry.loader.parse;

import java.util.HexFormat;

/**
 * Finds bytes that are not UTF-8. RDF documents are UTF-8; RIOT (and Java's decoders by
 * default) read a bad byte as U+FFFD, which would change the data without saying so, so
 * the loader reports the statement instead.
 */
final class Utf8 {
    private Utf8() {}

    /** The index of the first byte in {@code b[from, to)} that does not start a valid UTF-8 sequence, or -1. */
    static int firstMalformed(byte[] b, int from, int to) {
        int q = from;
        while (q < to) {
            if (b[q] >= 0) {
                q++;
                continue;
            }
            int next = NQuadsParser.utf8(b, q, to);
            if (next < 0) {
                return q;
            }
            q = next;
        }
        return -1;
    }

    /** The 1-based column (in characters) of byte {@code pos} of a line starting at {@code lineStart}. */
    static long column(byte[] b, int lineStart, int pos) {
        long col = 1;
        for (int q = lineStart; q < pos; q++) {
            if ((b[q] & 0xC0) != 0x80) {
                col++;
            }
        }
        return col;
    }

    /** "invalid UTF-8 (bytes ff 41)": the bad byte and what follows it, at most four. */
    static String message(byte[] b, int bad, int end) {
        int n = Math.min(4, end - bad);
        return "invalid UTF-8 (bytes " + HexFormat.ofDelimiter(" ").formatHex(b, bad, bad + n) + ")";
    }
}
