package dev.quarry.bench.http;

import java.io.IOException;
import java.io.InputStream;

/**
 * Counts result rows while reading a whole response body, without building the results:
 * the objects of the {@code "bindings"} array of SPARQL results JSON, or the statement lines
 * of N-Triples. A body that ends early (unbalanced JSON) is an error, so a cut-off stream is
 * not taken for a short answer.
 */
final class RowCounter {
    private static final byte[] BINDINGS = "bindings".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private RowCounter() {}

    /** Rows of a SPARQL results JSON document (ASK: 1 if true, 0 if false). */
    static long jsonRows(InputStream in) throws IOException {
        byte[] buf = new byte[1 << 16];
        int depth = 0;
        int bindingsDepth = -1; // depth inside the bindings array, once found
        boolean inString = false;
        boolean escape = false;
        byte[] last = new byte[BINDINGS.length];
        int lastLen = 0;        // bytes of the current/last string, -1 when longer than "bindings"
        boolean keyWasBindings = false;
        boolean keyWasBoolean = false;
        long rows = 0;
        long askTrue = -1;
        for (int n; (n = in.read(buf)) > 0; ) {
            for (int i = 0; i < n; i++) {
                byte b = buf[i];
                if (inString) {
                    if (escape) {
                        escape = false;
                    } else if (b == '\\') {
                        escape = true;
                    } else if (b == '"') {
                        inString = false;
                        keyWasBindings = lastLen == BINDINGS.length && java.util.Arrays.equals(last, BINDINGS);
                        keyWasBoolean = lastLen == 7 && new String(last, 0, 7, java.nio.charset.StandardCharsets.US_ASCII).equals("boolean");
                    } else if (lastLen >= 0) {
                        if (lastLen < last.length) {
                            last[lastLen++] = b;
                        } else {
                            lastLen = -1;
                        }
                    }
                    continue;
                }
                switch (b) {
                    case '"' -> {
                        inString = true;
                        lastLen = 0;
                    }
                    case '{' -> {
                        if (depth == bindingsDepth) {
                            rows++;
                        }
                        depth++;
                    }
                    case '[' -> {
                        depth++;
                        if (keyWasBindings && bindingsDepth < 0) {
                            bindingsDepth = depth;
                        }
                    }
                    case '}', ']' -> depth--;
                    case 't', 'f' -> {
                        if (keyWasBoolean && askTrue < 0) {
                            askTrue = b == 't' ? 1 : 0;
                        }
                    }
                    default -> { }
                }
                if (b != ':' && b > ' ') {
                    keyWasBindings = keyWasBindings && (b == '[' || b == '"');
                    keyWasBoolean = keyWasBoolean && (b == 't' || b == 'f' || b == '"');
                }
            }
        }
        if (depth != 0 || inString) {
            throw new IOException("incomplete JSON results (body ended at nesting depth " + depth + ")");
        }
        if (bindingsDepth < 0 && askTrue < 0) {
            throw new IOException("neither \"bindings\" nor \"boolean\" in the JSON results");
        }
        return bindingsDepth >= 0 ? rows : askTrue;
    }

    /** Statement lines of N-Triples (blank lines and comments are not counted). */
    static long ntriplesLines(InputStream in) throws IOException {
        byte[] buf = new byte[1 << 16];
        long lines = 0;
        boolean atLineStart = true; // only white space seen on this line so far
        boolean counted = false;
        byte lastNonSpace = '\n';
        for (int n; (n = in.read(buf)) > 0; ) {
            for (int i = 0; i < n; i++) {
                byte b = buf[i];
                if (b == '\n' || b == '\r') {
                    atLineStart = true;
                    counted = false;
                } else if (atLineStart && b != ' ' && b != '\t') {
                    atLineStart = false;
                    if (b != '#') {
                        lines++;
                        counted = true;
                    }
                }
                if (b > ' ') {
                    lastNonSpace = b;
                }
            }
        }
        if (counted && lastNonSpace != '.') {
            throw new IOException("incomplete N-Triples (last statement has no final '.')");
        }
        return lines;
    }
}
