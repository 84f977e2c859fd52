package dev.quarry.loader.parse;

/**
 * The escapes of a quoted RDF string ({@code \t \b \n \r \f \" \' \\ \\uXXXX \\UXXXXXXXX}), on
 * bytes, for the byte-level parsers (N-Quads and Turtle): one definition of which escapes
 * RIOT's strict mode accepts and of what they decode to.
 */
final class StringEscapes {
    private StringEscapes() {}

    /** Validates one escape at {@code b[q] == '\\'}; returns the position after it, or -1 (RIOT decides). */
    static int skip(byte[] b, int q, int end) {
        if (q + 1 >= end) {
            return -1;
        }
        switch (b[q + 1]) {
            case 't', 'b', 'n', 'r', 'f', '"', '\'', '\\':
                return q + 2;
            case 'u': {
                int cp = hex(b, q + 2, 4, end);
                if (cp < 0) {
                    return -1;
                }
                // A surrogate, even one of a pair written as two escapes: RIOT's strict mode rejects it.
                return cp >= 0xD800 && cp <= 0xDFFF ? -1 : q + 6;
            }
            case 'U': {
                int cp = hex(b, q + 2, 8, end);
                if (cp < 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
                    return -1;
                }
                return q + 10;
            }
            default:
                return -1;
        }
    }

    /** Whether the valid escape at {@code b[q]} stands for a character outside the BMP. */
    static boolean astral(byte[] b, int q) {
        return b[q + 1] == 'U' && hex(b, q + 2, 8, q + 10) > 0xFFFF;
    }

    /**
     * Decodes the (valid) escapes of {@code b[f, t)} into {@code out} from {@code n}, which has
     * room for {@code t - f} bytes (an escape is never shorter than what it decodes to); returns the end.
     */
    static int unescape(byte[] b, int f, int t, byte[] out, int n) {
        for (int q = f; q < t; ) {
            byte c = b[q];
            if (c != '\\') {
                out[n++] = c;
                q++;
                continue;
            }
            int cp;
            switch (b[q + 1]) {
                case 't' -> { cp = '\t'; q += 2; }
                case 'b' -> { cp = '\b'; q += 2; }
                case 'n' -> { cp = '\n'; q += 2; }
                case 'r' -> { cp = '\r'; q += 2; }
                case 'f' -> { cp = '\f'; q += 2; }
                case 'u' -> {
                    cp = hex(b, q + 2, 4, t);
                    q += 6;
                    if (cp >= 0xD800 && cp <= 0xDBFF) {
                        cp = Character.toCodePoint((char) cp, (char) hex(b, q + 2, 4, t));
                        q += 6;
                    }
                }
                case 'U' -> { cp = hex(b, q + 2, 8, t); q += 10; }
                default -> { cp = b[q + 1]; q += 2; }
            }
            n = putUtf8(cp, out, n);
        }
        return n;
    }

    private static int putUtf8(int cp, byte[] out, int n) {
        if (cp < 0x80) {
            out[n++] = (byte) cp;
        } else if (cp < 0x800) {
            out[n++] = (byte) (0xC0 | (cp >> 6));
            out[n++] = (byte) (0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out[n++] = (byte) (0xE0 | (cp >> 12));
            out[n++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
            out[n++] = (byte) (0x80 | (cp & 0x3F));
        } else {
            out[n++] = (byte) (0xF0 | (cp >> 18));
            out[n++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
            out[n++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
            out[n++] = (byte) (0x80 | (cp & 0x3F));
        }
        return n;
    }

    private static int hex(byte[] b, int p, int n, int end) {
        if (p + n > end) {
            return -1;
        }
        long v = 0;
        for (int i = 0; i < n; i++) {
            int c = b[p + i];
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (d < 0) {
                return -1;
            }
            v = (v << 4) | d;
        }
        return v > Integer.MAX_VALUE ? -1 : (int) v;
    }
}
