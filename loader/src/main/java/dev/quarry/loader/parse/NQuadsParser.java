package dev.quarry.loader.parse;

import dev.quarry.loader.encode.ByteHash;
import dev.quarry.loader.encode.TermEncoder;
import dev.quarry.loader.input.ByteSearch;
import dev.quarry.loader.input.Newlines;
import java.nio.charset.StandardCharsets;

/**
 * A byte-level N-Quads / N-Triples parser for the common case. Why not RIOT for these:
 * RIOT builds a String per token and a Node per term, and the loader would then turn each
 * Node back into bytes. Measured by {@code NQuadsParseBenchmark} in bench (1 M generated quads,
 * one thread, shared 2-core machine; bench/results/benchmarks-log.md): this parser 2.26 M
 * quads/s including dictionary encoding (to ids), RIOT with the same encoding 0.36 M, RIOT
 * alone 0.59 M (to Quad objects, no encoding).
 *
 * <p>Each line is first scanned (nothing is encoded yet), then encoded. Whatever the
 * scan is not sure of (escapes in IRIs, IRIs without a scheme, non-ASCII blank labels,
 * direction tags, triple terms, malformed UTF-8, any syntax error) goes, line by line,
 * to {@link RiotLineParser}: RIOT in strict mode decides, and its message is the one
 * reported. IRIs the scan accepts are checked as RIOT's strict mode checks them
 * ({@link StrictIris}), literals by RIOT's literal checker ({@link DatatypeCheck}); a line
 * that is not valid UTF-8 is an error (RIOT would read the bad bytes as U+FFFD). So this
 * parser never accepts what RIOT's strict mode rejects, which the W3C suites and
 * {@code NQuadsParserPropertyTest} check.
 * Statements must fit on one line (RIOT would let a statement span lines; the W3C
 * N-Triples grammar does not).
 */
public final class NQuadsParser {
    private static final int IRI = 1, BLANK = 2, STRING = 3, LANG = 4, TYPED = 5;

    private final TermEncoder enc;
    private final boolean quadsFormat;
    private final RiotLineParser riot;
    private final DatatypeCheck datatypes = new DatatypeCheck();
    private final StrictIris iris = new StrictIris();

    // The scanned terms of the current line: kind, range, extra range (lang / datatype), flags.
    private final int[] kind = new int[4];
    private final int[] from = new int[4];
    private final int[] to = new int[4];
    /** An IRI's {@link ByteHash#hash}, computed by the scan and handed to the encoder. */
    private final long[] iriHash = new long[4];
    private final int[] xFrom = new int[4];
    private final int[] xTo = new int[4];
    private final boolean[] escaped = new boolean[4];
    private final boolean[] astral = new boolean[4];
    private final byte[][] langTag = new byte[4][];
    private int lineStart;
    private boolean sawEscape;
    private boolean sawAstral;
    private byte[] lex = new byte[256];
    private long fallbackLines;

    public NQuadsParser(TermEncoder enc, boolean quadsFormat) {
        this.enc = enc;
        this.quadsFormat = quadsFormat;
        this.riot = new RiotLineParser(quadsFormat);
    }

    /**
     * Parses the whole lines in {@code b[start, end)}.
     *
     * @param firstLine   line number of the first line (1-based)
     * @param feed        feed number, scopes blank node labels
     * @param tripleGraph graph id for statements without a graph (the default graph, or --graph)
     * @return the number of lines read
     */
    public long parse(byte[] b, int start, int end, long firstLine, int feed, long tripleGraph,
                      ParseErrors errors, QuadSink sink) {
        long line = firstLine;
        int p = start;
        while (p < end) {
            int eol = Newlines.indexOf(b, p, end);
            lineStart = p;
            int n = scanLine(b, p, eol);
            if (n < 0) {
                fallbackLines++;
                int bad = Utf8.firstMalformed(b, p, eol);
                if (bad >= 0) {
                    errors.parsingError(line, Utf8.column(b, p, bad), Utf8.message(b, bad, eol));
                } else {
                    riot.parse(new String(b, p, eol - p, StandardCharsets.UTF_8), line, feed, tripleGraph, enc, errors,
                            sink);
                }
            } else if (n > 0) {
                emit(b, n, line, feed, tripleGraph, errors, sink);
            }
            line++;
            p = eol + 1;
        }
        return line - firstLine;
    }

    /** Lines handed to RIOT so far (syntax errors and the rare constructs the fast path leaves to RIOT). */
    public long fallbackLines() {
        return fallbackLines;
    }

    private void emit(byte[] b, int terms, long line, int feed, long tripleGraph, ParseErrors errors, QuadSink sink) {
        if (kind[2] == TYPED && !fitsDatatype(b, line, errors)) {
            return; // checked before any term is encoded: a rejected statement leaves no terms behind
        }
        long s = id(b, 0, feed);
        long p = id(b, 1, feed);
        long o = id(b, 2, feed);
        long g = terms == 4 ? id(b, 3, feed) : tripleGraph;
        sink.quad(s, p, o, g);
    }

    /** Whether the object's lexical form fits its datatype; if not, reports it (RIOT's strict mode rejects it). */
    private boolean fitsDatatype(byte[] b, long line, ParseErrors errors) {
        int f = from[2], t = to[2];
        byte[] src = b;
        int off = f, len = t - f;
        if (escaped[2]) {
            len = unescape(b, f, t);
            src = lex;
            off = 0;
        }
        String msg = datatypes.check(b, xFrom[2], xTo[2] - xFrom[2], src, off, len);
        if (msg == null) {
            return true;
        }
        errors.datatypeMismatch(line, Utf8.column(b, lineStart, f - 1), msg);
        return false;
    }

    private long id(byte[] b, int i, int feed) {
        int f = from[i], t = to[i];
        switch (kind[i]) {
            case IRI:
                return enc.iri(b, f, t - f, iriHash[i]);
            case BLANK:
                return enc.blank(feed, b, f, t - f);
            default:
                break;
        }
        byte[] src = b;
        int off = f, len = t - f;
        if (escaped[i]) {
            len = unescape(b, f, t);
            src = lex;
            off = 0;
        }
        if (kind[i] == STRING) {
            return enc.string(src, off, len, astral[i]);
        }
        if (kind[i] == LANG) {
            return enc.lang(src, off, len, langTag[i]);
        }
        return enc.typed(b, xFrom[i], xTo[i] - xFrom[i], src, off, len, astral[i]);
    }

    // ------------------------------------------------------------------ scanning

    /** Scans one line: the number of terms (3 or 4), 0 for a blank or comment line, -1 if RIOT must decide. */
    private int scanLine(byte[] b, int p, int end) {
        p = skipWs(b, p, end);
        if (p == end || b[p] == '#') {
            return 0;
        }
        p = scanSubjectOrGraph(b, p, end, 0);
        if (p < 0) {
            return -1;
        }
        p = skipWs(b, p, end);
        if (p >= end || b[p] != '<' || (p = scanIri(b, p, end, 1)) < 0) {
            return -1;
        }
        p = skipWs(b, p, end);
        if (p >= end) {
            return -1;
        }
        p = b[p] == '"' ? scanLiteral(b, p, end, 2) : scanSubjectOrGraph(b, p, end, 2);
        if (p < 0) {
            return -1;
        }
        p = skipWs(b, p, end);
        int terms = 3;
        if (p < end && b[p] != '.') {
            if (!quadsFormat || (p = scanSubjectOrGraph(b, p, end, 3)) < 0) {
                return -1;
            }
            terms = 4;
            p = skipWs(b, p, end);
        }
        if (p >= end || b[p] != '.') {
            return -1;
        }
        p = skipWs(b, p + 1, end);
        return p == end || b[p] == '#' ? terms : -1;
    }

    private static int skipWs(byte[] b, int p, int end) {
        while (p < end && (b[p] == ' ' || b[p] == '\t' || b[p] == '\r')) {
            p++;
        }
        return p;
    }

    private int scanSubjectOrGraph(byte[] b, int p, int end, int i) {
        if (b[p] == '<') {
            return scanIri(b, p, end, i);
        }
        if (b[p] == '_') {
            return scanBlank(b, p, end, i);
        }
        return -1;
    }

    /** {@code <scheme:...>} with no escapes, no forbidden characters, well-formed UTF-8. */
    private int scanIri(byte[] b, int p, int end, int i) {
        int q = p + 1;
        if (q >= end || !isAlpha(b[q])) {
            return -1;
        }
        while (q < end && (isAlpha(b[q]) || isDigit(b[q]) || b[q] == '+' || b[q] == '-' || b[q] == '.')) {
            q++;
        }
        if (q >= end || b[q] != ':') {
            return -1;
        }
        while (q < end) {
            while (q < end && IRI_PLAIN[b[q] & 0xFF]) {
                q++;
            }
            if (q >= end) {
                break;
            }
            int c = b[q];
            if (c == '>') {
                // An IRI the encoder has just seen was checked then: predicates, classes and
                // repeated subjects are checked once, not on every line (the check was ~2 % of a load).
                long h = ByteHash.hash(b, p + 1, q - p - 1);
                if (!enc.recentIri(b, p + 1, q - p - 1, h) && !iris.acceptable(b, p + 1, q)) {
                    return -1; // RIOT's strict mode rejects it: RIOT reports why
                }
                iriHash[i] = h;
                kind[i] = IRI;
                from[i] = p + 1;
                to[i] = q;
                return q + 1;
            }
            if (c < 0) {
                q = utf8(b, q, end);
                if (q < 0) {
                    return -1;
                }
                continue;
            }
            if (c <= 0x20 || c == '<' || c == '"' || c == '{' || c == '}' || c == '|' || c == '^' || c == '`'
                    || c == '\\') {
                return -1;
            }
            q++;
        }
        return -1;
    }

    /** {@code _:label}, ASCII labels only; a label may not end with '.'. */
    private int scanBlank(byte[] b, int p, int end, int i) {
        int q = p + 1;
        if (q >= end || b[q] != ':') {
            return -1;
        }
        q++;
        if (q >= end || !(isAlpha(b[q]) || isDigit(b[q]) || b[q] == '_')) {
            return -1;
        }
        int start = q;
        q++;
        while (q < end && (isAlpha(b[q]) || isDigit(b[q]) || b[q] == '_' || b[q] == '-' || b[q] == '.')) {
            q++;
        }
        if (b[q - 1] == '.' || (q < end && b[q] < 0) || (q < end && b[q] == ':')) {
            return -1;
        }
        kind[i] = BLANK;
        from[i] = start;
        to[i] = q;
        return q;
    }

    private int scanLiteral(byte[] b, int p, int end, int i) {
        int q = p + 1;
        sawEscape = false;
        sawAstral = false;
        while (true) {
            q = ByteSearch.indexOfSpecial(b, q, end, (byte) '"', (byte) '\\', '\r' + 1); // plain text at once
            if (q >= end) {
                return -1;
            }
            int c = b[q];
            if (c == '"') {
                break;
            }
            if (c == '\\') {
                q = scanEscape(b, q, end);
            } else if (c < 0) {
                if ((c & 0xF8) == 0xF0) {
                    sawAstral = true;
                }
                q = utf8(b, q, end);
            } else if (c == '\r') {
                return -1;
            } else {
                q++;
            }
            if (q < 0) {
                return -1;
            }
        }
        from[i] = p + 1;
        to[i] = q;
        escaped[i] = sawEscape;
        astral[i] = sawAstral;
        q++;
        if (q < end && b[q] == '@') {
            int t = q + 1;
            if (t >= end || !isAlpha(b[t])) {
                return -1;
            }
            while (t < end && isAlpha(b[t])) {
                t++;
            }
            while (t + 1 < end && b[t] == '-' && (isAlpha(b[t + 1]) || isDigit(b[t + 1]))) {
                t++;
                while (t < end && (isAlpha(b[t]) || isDigit(b[t]))) {
                    t++;
                }
            }
            if (t < end && (b[t] == '-' || b[t] == '@' || b[t] == '^' || b[t] == '"')) {
                return -1; // direction suffix or something odd: RIOT decides
            }
            byte[] tag = LangTags.canonical(b, q + 1, t - q - 1);
            if (tag == null || tag.length > 255) {
                return -1;
            }
            kind[i] = LANG;
            langTag[i] = tag;
            return t;
        }
        if (q + 1 < end && b[q] == '^' && b[q + 1] == '^') {
            int t = q + 2;
            if (t >= end || b[t] != '<' || (t = scanIri(b, t, end, i)) < 0) {
                return -1;
            }
            int dtFrom = from[i], dtTo = to[i];
            if (isRdfLangString(b, dtFrom, dtTo)) {
                return -1;
            }
            from[i] = p + 1;
            to[i] = q - 1;
            xFrom[i] = dtFrom;
            xTo[i] = dtTo;
            kind[i] = TYPED;
            return t;
        }
        if (q < end && b[q] == '^') {
            return -1;
        }
        kind[i] = STRING;
        return q;
    }

    /** ASCII bytes an IRI may hold as they are (not '>', controls, space, {@code <"{}|^`\\}). */
    private static final boolean[] IRI_PLAIN = new boolean[256];

    static {
        for (int c = 0x21; c < 0x80; c++) {
            IRI_PLAIN[c] = "<>\"{}|^`\\".indexOf(c) < 0;
        }
    }

    private static final byte[] RDF_NS = "http://www.w3.org/1999/02/22-rdf-syntax-ns#".getBytes(StandardCharsets.US_ASCII);

    static boolean isRdfLangString(byte[] b, int f, int t) {
        // rdf:langString / rdf:dirLangString need a tag; RIOT decides what such a line means.
        return t - f > RDF_NS.length && java.util.Arrays.equals(b, f, f + RDF_NS.length, RDF_NS, 0, RDF_NS.length)
                && (t - f - RDF_NS.length == 10 || t - f - RDF_NS.length == 13)
                && (b[t - 6] == 'S' || b[t - 6] == 's');
    }

    /** Validates one escape at {@code b[q] == '\\'}; returns the position after it, or -1. */
    private int scanEscape(byte[] b, int q, int end) {
        sawEscape = true;
        int next = StringEscapes.skip(b, q, end);
        if (next > 0 && StringEscapes.astral(b, q)) {
            sawAstral = true;
        }
        return next;
    }

    /** Validates one multi-byte UTF-8 sequence (shortest form, no surrogates); the position after it, or -1. */
    static int utf8(byte[] b, int q, int end) {
        int c = b[q] & 0xFF;
        int n, min;
        if ((c & 0xE0) == 0xC0) {
            n = 1;
            min = 0x80;
        } else if ((c & 0xF0) == 0xE0) {
            n = 2;
            min = 0x800;
        } else if ((c & 0xF8) == 0xF0) {
            n = 3;
            min = 0x10000;
        } else {
            return -1;
        }
        if (q + n >= end) {
            return -1;
        }
        int cp = c & (0x3F >> n);
        for (int k = 1; k <= n; k++) {
            int x = b[q + k] & 0xFF;
            if ((x & 0xC0) != 0x80) {
                return -1;
            }
            cp = (cp << 6) | (x & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
            return -1;
        }
        return q + n + 1;
    }

    /** Decodes the escapes of {@code b[f, t)} into {@link #lex}; returns its length. */
    private int unescape(byte[] b, int f, int t) {
        if (lex.length < t - f) {
            lex = new byte[(t - f) * 2];
        }
        return StringEscapes.unescape(b, f, t, lex, 0);
    }

    private static boolean isAlpha(byte c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }
}
