package dev.quarry.loader.parse;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.jena.graph.Node;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.RiotException;
import org.apache.jena.riot.system.ErrorHandlerFactory;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.graph.Triple;

/**
 * Language tags as RIOT leaves them: each distinct tag as written is run through RIOT
 * once, giving either Jena's canonical form ({@code EN-us} becomes {@code en-US}) or
 * "RIOT rejects it" (then the fast path hands the line to RIOT for the error message).
 * Few distinct tags exist in practice; the map is bounded anyway.
 */
final class LangTags {
    private static final byte[] REJECTED = new byte[0];
    private static final int LIMIT = 10_000;
    private static final ConcurrentHashMap<String, byte[]> CANONICAL = new ConcurrentHashMap<>();

    private LangTags() {}

    /** The canonical tag bytes, or null if RIOT rejects the tag. */
    static byte[] canonical(byte[] b, int off, int len) {
        String raw = new String(b, off, len, StandardCharsets.US_ASCII);
        byte[] c = CANONICAL.get(raw);
        if (c == null) {
            c = viaRiot(raw);
            if (CANONICAL.size() > LIMIT) {
                CANONICAL.clear();
            }
            CANONICAL.put(raw, c);
        }
        return c == REJECTED ? null : c;
    }

    /**
     * A clearer message than RIOT's when the error at 1-based {@code column} of {@code line}
     * is an '_' inside a language tag ({@code "x"@en_US}), else null.
     */
    static String underscoreHint(String line, long column) {
        int u = (int) column - 1;
        if (u <= 0 || u >= line.length() || line.charAt(u) != '_') {
            return null;
        }
        int at = u;
        while (at > 0 && (Character.isLetterOrDigit(line.charAt(at - 1)) || line.charAt(at - 1) == '-')) {
            at--;
        }
        if (at == 0 || line.charAt(at - 1) != '@' || at == u) {
            return null;
        }
        int end = u;
        while (end < line.length() && (Character.isLetterOrDigit(line.charAt(end)) || line.charAt(end) == '_'
                || line.charAt(end) == '-')) {
            end++;
        }
        String tag = line.substring(at, end);
        return "bad language tag '" + tag + "': subtags are separated by '-', not '_' (" + tag.replace('_', '-') + ")";
    }

    private static byte[] viaRiot(String raw) {
        Node[] out = new Node[1];
        try {
            RDFParser.fromString("<http://x/s> <http://x/p> \"x\"@" + raw + " .", Lang.NTRIPLES).strict(true)
                    .errorHandler(ErrorHandlerFactory.errorHandlerStrictNoLogging)
                    .parse(new StreamRDFBase() {
                        @Override
                        public void triple(Triple t) {
                            out[0] = t.getObject();
                        }
                    });
        } catch (RiotException e) {
            return REJECTED;
        }
        if (out[0] == null || out[0].getLiteralBaseDirection() != null) {
            return REJECTED;
        }
        return out[0].getLiteralLanguage().getBytes(StandardCharsets.UTF_8);
    }
}
