package dev.quarry.engine.output;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Text encoded straight to UTF-8 in a reused byte buffer, with the escaping JSON and XML
 * need. Hand-written because the result writers are on every query's path: ARQ's writers
 * go through a Writer, an IndentedWriter and per-character calls, which costs more than
 * answering a short query.
 */
final class Utf8Buffer {
    /** Chars {@link #plainRun} leaves to the caller: none for plain text, and what JSON and XML escape. */
    private static final boolean[] NO_ESCAPE = new boolean[128];
    private static final boolean[] JSON_ESCAPE = marked("\"\\", true);
    private static final boolean[] XML_ESCAPE = marked("&<>\"'\r", false);

    private final OutputStream out;
    private final byte[] buf = new byte[8192];
    private int n;

    Utf8Buffer(OutputStream out) {
        this.out = out;
    }

    /** Text known to be ASCII with nothing to escape. */
    Utf8Buffer ascii(String s) throws IOException {
        for (int i = plainRun(s, 0, NO_ESCAPE); i < s.length(); i = plainRun(s, i + 1, NO_ESCAPE)) {
            put(s.charAt(i));
        }
        return this;
    }

    /** Text as UTF-8, unescaped. */
    Utf8Buffer text(String s) throws IOException {
        for (int i = plainRun(s, 0, NO_ESCAPE); i < s.length(); i = plainRun(s, i + 1, NO_ESCAPE)) {
            i = utf8(s, i);
        }
        return this;
    }

    /** A JSON string: quoted and escaped. */
    Utf8Buffer json(String s) throws IOException {
        put('"');
        for (int i = plainRun(s, 0, JSON_ESCAPE); i < s.length(); i = plainRun(s, i + 1, JSON_ESCAPE)) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                put('\\');
                put(c);
            } else if (c < 0x20) {
                put('\\');
                switch (c) {
                    case '\n' -> put('n');
                    case '\r' -> put('r');
                    case '\t' -> put('t');
                    case '\b' -> put('b');
                    case '\f' -> put('f');
                    default -> {
                        ascii("u00");
                        put(Character.forDigit(c >> 4, 16));
                        put(Character.forDigit(c & 0xF, 16));
                    }
                }
            } else {
                i = utf8(s, i);
            }
        }
        put('"');
        return this;
    }

    /** XML character data or attribute value: {@code & < > " '} escaped, and CR (which XML readers turn into LF). */
    Utf8Buffer xml(String s) throws IOException {
        for (int i = plainRun(s, 0, XML_ESCAPE); i < s.length(); i = plainRun(s, i + 1, XML_ESCAPE)) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> ascii("&amp;");
                case '<' -> ascii("&lt;");
                case '>' -> ascii("&gt;");
                case '"' -> ascii("&quot;");
                case '\'' -> ascii("&apos;");
                case '\r' -> ascii("&#13;");
                default -> i = utf8(s, i);
            }
        }
        return this;
    }

    /**
     * Copies the chars of {@code s} from {@code from} that are ASCII and not marked in
     * {@code escaped} (128 flags), a byte each; returns the index of the first char it did not
     * copy. The result writers' text is mostly such runs (IRIs, ASCII literals): one tight loop
     * over the buffer's free space, without {@link #put}'s check per byte, took the encoding's
     * share of the I/O thread's CPU samples from 8.8 to 6.6 % under the official BSBM driver at
     * 1 M (async-profiler, bench/results/2026-11-29-writer-runs/).
     */
    private int plainRun(String s, int from, boolean[] escaped) throws IOException {
        int i = from;
        int end = s.length();
        while (i < end) {
            if (n == buf.length) {
                flush();
            }
            byte[] b = buf;
            int k = n;
            int stop = Math.min(end, i + (b.length - k));
            while (i < stop) {
                char c = s.charAt(i);
                if (c >= 0x80 || escaped[c]) {
                    n = k;
                    return i;
                }
                b[k++] = (byte) c;
                i++;
            }
            n = k;
        }
        return i;
    }

    private static boolean[] marked(String chars, boolean controls) {
        boolean[] escaped = new boolean[128];
        for (int c = 0; c < 0x20; c++) {
            escaped[c] = controls;
        }
        for (char c : chars.toCharArray()) {
            escaped[c] = true;
        }
        return escaped;
    }

    /** Writes the character at {@code i} (a surrogate pair as one code point); returns the index of its last char. */
    private int utf8(String s, int i) throws IOException {
        char c = s.charAt(i);
        if (c < 0x80) {
            put(c);
        } else if (c < 0x800) {
            put(0xC0 | (c >> 6));
            put(0x80 | (c & 0x3F));
        } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
            int cp = Character.toCodePoint(c, s.charAt(++i));
            put(0xF0 | (cp >> 18));
            put(0x80 | ((cp >> 12) & 0x3F));
            put(0x80 | ((cp >> 6) & 0x3F));
            put(0x80 | (cp & 0x3F));
        } else if (Character.isSurrogate(c)) {
            put('?'); // a lone surrogate has no UTF-8 form (as String.getBytes does)
        } else {
            put(0xE0 | (c >> 12));
            put(0x80 | ((c >> 6) & 0x3F));
            put(0x80 | (c & 0x3F));
        }
        return i;
    }

    void put(int b) throws IOException {
        if (n == buf.length) {
            flush();
        }
        buf[n++] = (byte) b;
    }

    void flush() throws IOException {
        out.write(buf, 0, n);
        n = 0;
    }
}
