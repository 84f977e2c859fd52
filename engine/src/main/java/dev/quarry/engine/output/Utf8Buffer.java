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
    private final OutputStream out;
    private final byte[] buf = new byte[8192];
    private int n;

    Utf8Buffer(OutputStream out) {
        this.out = out;
    }

    /** Text known to be ASCII with nothing to escape. */
    Utf8Buffer ascii(String s) throws IOException {
        for (int i = 0; i < s.length(); i++) {
            put(s.charAt(i));
        }
        return this;
    }

    /** Text as UTF-8, unescaped. */
    Utf8Buffer text(String s) throws IOException {
        for (int i = 0; i < s.length(); i++) {
            i = utf8(s, i);
        }
        return this;
    }

    /** A JSON string: quoted and escaped. */
    Utf8Buffer json(String s) throws IOException {
        put('"');
        for (int i = 0; i < s.length(); i++) {
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
        for (int i = 0; i < s.length(); i++) {
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
