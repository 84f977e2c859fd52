package dev.quarry.loader.parse;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Predicate;
import org.apache.jena.riot.RiotException;
import org.apache.jena.riot.system.Checker;
import org.apache.jena.riot.system.ErrorHandler;
import org.apache.jena.riot.system.ErrorHandlerFactory;

/**
 * Whether an absolute IRI the fast path has scanned passes RIOT's strict check (where an
 * IRI warning such as a bad %-escape, a bad port, {@code urn:x:y} or dot segments rejects
 * the statement). The usual {@code http(s)://host/path} shape is decided here, on the
 * bytes; anything else is asked of RIOT's own checker ({@link Checker#checkIRI}), so the
 * verdict is RIOT's, and the answer is kept in a small direct-mapped cache (one per
 * parser) because the same odd IRIs tend to repeat. Hand-written only for the common shape:
 * asking RIOT for every IRI would cost a String and a parse per term on the byte path.
 */
final class StrictIris {
    private static final int SLOTS = 1024;
    private static final ErrorHandler STRICT = ErrorHandlerFactory.errorHandlerStrictNoLogging;

    private final byte[][] keys = new byte[SLOTS][];
    private final boolean[] verdicts = new boolean[SLOTS];
    private final Predicate<String> riot;

    /** RIOT's strict check of an IRI as N-Triples / N-Quads take it. */
    StrictIris() {
        this(StrictIris::riotAccepts);
    }

    /** With RIOT's verdict on an IRI outside the common shape given by {@code riot} (Turtle resolves IRIs too). */
    StrictIris(Predicate<String> riot) {
        this.riot = riot;
    }

    /** True if RIOT in strict mode accepts {@code b[from, to)} (an absolute IRI with no forbidden characters). */
    boolean acceptable(byte[] b, int from, int to) {
        if (commonShapeValid(b, from, to)) {
            return true;
        }
        int h = 1;
        for (int i = from; i < to; i++) {
            h = 31 * h + b[i];
        }
        int slot = (h ^ (h >>> 16)) & (SLOTS - 1);
        byte[] k = keys[slot];
        if (k != null && Arrays.equals(k, 0, k.length, b, from, to)) {
            return verdicts[slot];
        }
        boolean ok = riot.test(new String(b, from, to - from, StandardCharsets.UTF_8));
        keys[slot] = Arrays.copyOfRange(b, from, to);
        verdicts[slot] = ok;
        return ok;
    }

    static boolean riotAccepts(String iri) {
        try {
            return Checker.checkIRI(iri, STRICT, -1, -1);
        } catch (RiotException e) {
            return false;
        }
    }

    /**
     * {@code http://} or {@code https://}, a host of lower-case letters, digits, '.', '-', '_'
     * (no port, no user info), then only RFC 3986 path/query/fragment characters, %-escapes
     * with upper-case hex digits, at most one '#', and no dot segment. False means "ask RIOT",
     * not "invalid".
     */
    static boolean commonShapeValid(byte[] b, int from, int to) {
        int p = from;
        if (to - p < 8 || b[p] != 'h' || b[p + 1] != 't' || b[p + 2] != 't' || b[p + 3] != 'p') {
            return false;
        }
        p += 4;
        if (b[p] == 's') {
            p++;
        }
        if (p + 3 > to || b[p] != ':' || b[p + 1] != '/' || b[p + 2] != '/') {
            return false;
        }
        p += 3;
        int hostStart = p;
        while (p < to && HOST[b[p] & 0xFF]) {
            p++;
        }
        if (p == hostStart || (p < to && b[p] != '/' && b[p] != '?' && b[p] != '#')) {
            return false;
        }
        boolean fragment = false;
        while (p < to) {
            int c = b[p] & 0xFF;
            if (PATH[c]) {
                if (c == '/' && p + 1 < to && b[p + 1] == '.') {
                    return false; // a possible dot segment ("/./", "/../"): RIOT calls it unwise
                }
                p++;
            } else if (c == '%') {
                if (p + 2 >= to || !UPPER_HEX[b[p + 1] & 0xFF] || !UPPER_HEX[b[p + 2] & 0xFF]) {
                    return false;
                }
                p += 3;
            } else if (c == '#' && !fragment) {
                fragment = true;
                p++;
            } else {
                return false;
            }
        }
        return true;
    }

    private static final boolean[] HOST = new boolean[256];
    private static final boolean[] PATH = new boolean[256];
    private static final boolean[] UPPER_HEX = new boolean[256];

    static {
        for (int c = 'a'; c <= 'z'; c++) {
            HOST[c] = PATH[c] = true;
            PATH[Character.toUpperCase(c)] = true;
        }
        for (int c = '0'; c <= '9'; c++) {
            HOST[c] = PATH[c] = UPPER_HEX[c] = true;
        }
        HOST['.'] = HOST['-'] = HOST['_'] = true;
        for (char c : "-._~!$&'()*+,;=:@/?".toCharArray()) {
            PATH[c] = true;
        }
        for (int c = 'A'; c <= 'F'; c++) {
            UPPER_HEX[c] = true;
        }
    }
}
