package dev.quarry.loader.parse;

import dev.quarry.loader.input.ByteSearch;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.jena.graph.Node;
import org.apache.jena.riot.lang.BlankNodeAllocator;
import org.apache.jena.riot.lang.LabelToNode;
import org.apache.jena.riot.system.PrefixMapFactory;
import org.apache.jena.sys.JenaSystem;

/**
 * A byte-level reader for the common subset of Turtle/TriG, tried on each chunk before RIOT
 * ({@link TurtleChunkParser#parse}). Why: with RIOT, a chunk costs a String per token, a
 * Node per term and then the Node's way back to bytes for the dictionary; the BSBM Turtle took
 * 2.1x the parse time of the same data as N-Triples (issue 11). Measured loading the BSBM 5 M
 * file (4,961,095 triples, 456 MB of Turtle, 1.28 GB as N-Triples) with the jar, -Xmx4g, on a
 * shared 2-core machine, runs alternated (mean of 5, range): Turtle read by this reader 12.6 s
 * (11.3-13.4), parse 9.0 thread-seconds (7.8-10.0), 25.3 s CPU; by RIOT alone
 * (-Dquarry.turtle.riotOnly=true) 17.4 s (16.3-18.6, 4 runs), parse 20.5, 34.7 s CPU; the same
 * data as N-Triples 11.9 s (10.7-13.2), parse 8.1, 23.7 s CPU. On one thread, 126 MB of that
 * file's chunks: this reader 0.3-0.4 s, RIOT 2.3-2.9 s (to statements, before encoding).
 *
 * <p>The subset: {@code @prefix}/{@code PREFIX} directives; statements {@code subject
 * predicate-object-list .} with {@code ;} and {@code ,} lists; subjects and objects as
 * absolute {@code <IRI>}s without escapes that RIOT's strict profile takes as written (checked
 * on the bytes for the common shape, else asked of RIOT once and cached: {@link StrictIris}),
 * prefixed names with ASCII local names (no escapes, no {@code %}), {@code a}, blank node labels of ASCII letters, digits, '_', '-'
 * and '.' (given the nodes RIOT's allocator gives them, {@link ChunkLabels#labelled}); objects
 * also {@code "strings"} on one line with the usual escapes and valid UTF-8, with a language
 * tag ({@link LangTags}) or a datatype ({@code ^^<IRI>}, {@code ^^pname}) whose lexical form
 * RIOT's checker accepts ({@link DatatypeCheck}), and the shorthand integers, decimals,
 * doubles and booleans (lexical form as written, as RIOT keeps it).
 *
 * <p>Anything else ({@code @base}, relative IRIs, {@code [ ]}, {@code ( )}, long or
 * single-quoted strings, RDF 1.2 terms and directives, an undefined prefix,
 * any error, text that does not end just after a statement) and the whole chunk is left to
 * RIOT, so results and error messages are always RIOT's. Nothing the subset accepts is
 * something RIOT's strict mode would reject or read differently: checked file by file
 * against the W3C suites and on generated documents ({@code TurtleBytesParserTest}). In TriG,
 * graph blocks {@code { }}, {@code GRAPH label { }} and {@code label { }} too (a label as a subject).
 * Not thread-safe: one per worker thread; holds no text between chunks.
 */
final class TurtleBytesParser {
    private static final byte[] RDF_TYPE = ascii("http://www.w3.org/1999/02/22-rdf-syntax-ns#type");
    private static final byte[] XSD_INTEGER = ascii("http://www.w3.org/2001/XMLSchema#integer");
    private static final byte[] XSD_DECIMAL = ascii("http://www.w3.org/2001/XMLSchema#decimal");
    private static final byte[] XSD_DOUBLE = ascii("http://www.w3.org/2001/XMLSchema#double");
    private static final byte[] XSD_BOOLEAN = ascii("http://www.w3.org/2001/XMLSchema#boolean");
    private static final int NS_SLOTS = 64;
    private static final int TERM_SLOTS = 256;
    private static final int INTEGER = 0, DECIMAL = 1, DOUBLE = 2, BOOLEAN = 3;
    private static final byte[][] SHORTHAND_TYPES = {XSD_INTEGER, XSD_DECIMAL, XSD_DOUBLE, XSD_BOOLEAN};
    private static final int EOF = -1;

    /** The chunk is outside the subset (thrown without a stack: RIOT reads it). */
    private static final class Outside extends RuntimeException {
        Outside() {
            super(null, null, false, false);
        }
    }

    private static final Outside OUTSIDE = new Outside();

    static {
        JenaSystem.init(); // the datatype checker needs Jena's TypeMapper, which RIOT may not have set up yet
    }

    /**
     * A chunk read.
     *
     * @param atStatementEnd whether its last token was a statement's '.' (or it had none), as
     *     RIOT's reading would say ({@code PREFIX} has no '.')
     * @param prefixes the prefixes in effect at its end (the start's map if nothing was declared)
     */
    record Result(TurtleTape tape, boolean atStatementEnd, Map<String, String> prefixes) {}

    private final DatatypeCheck datatypes = new DatatypeCheck();
    private final StrictIris iris = new StrictIris(TurtleBytesParser::takenAsWritten);
    private final byte[][] nsLabel = new byte[NS_SLOTS][];
    private final byte[][] nsIri = new byte[NS_SLOTS][];
    private byte[] b;
    private int end;
    private TurtleTape tape;
    private Map<String, String> prefixes;
    private boolean declared;
    private UUID documentScope;
    private BlankNodeAllocator labels;
    private int rdfType;
    /** Terms of the chunk by how they were written (IRIs and prefixed names), see {@link #seen}. */
    private final int[] seenHash = new int[TERM_SLOTS];
    private final int[] seenFrom = new int[TERM_SLOTS];
    private final int[] seenTo = new int[TERM_SLOTS];
    private final int[] seenTerm = new int[TERM_SLOTS];
    private int hash;
    /** The chunk's terms of the shorthand literals' datatypes, by {@link #INTEGER} ... {@link #BOOLEAN}. */
    private final int[] shorthandType = new int[4];
    private boolean trig;
    /** The graph label's term inside a TriG block, else {@link TurtleTape#NO_GRAPH}. */
    private int graph;
    /** The term last read (its offset in the tape). */
    private int term;

    /**
     * Reads {@code text[off, off+len)} (TriG if {@code trig}), a chunk starting with {@code startPrefixes} in effect,
     * blank node labels of the document {@code documentScope}, into {@code into} (an empty
     * tape); null if RIOT must read it.
     */
    Result parse(byte[] text, int off, int len, boolean trig, Map<String, String> startPrefixes, UUID documentScope,
                 TurtleTape into) {
        this.trig = trig;
        graph = TurtleTape.NO_GRAPH;
        b = text;
        end = off + len;
        tape = into;
        prefixes = startPrefixes;
        declared = false;
        this.documentScope = documentScope;
        labels = null;
        rdfType = -1;
        Arrays.fill(nsLabel, null);
        Arrays.fill(seenTerm, -1);
        Arrays.fill(shorthandType, -1);
        try {
            boolean atStatementEnd = true;
            int p = skipWs(off);
            while (p < end) {
                if (c(p) == 'P' && matches(p, "PREFIX") && isWs(c(p + 6))) {
                    p = prefix(p + 6);
                    atStatementEnd = false; // no '.': RIOT sees no statement end
                } else {
                    p = c(p) == '@' ? directive(p) : trig ? trigStatement(p) : triples(p);
                    atStatementEnd = true;
                }
                p = skipWs(p);
            }
            Map<String, String> now = declared && !prefixes.equals(startPrefixes) ? Map.copyOf(prefixes) : startPrefixes;
            return new Result(tape, atStatementEnd, now);
        } catch (Outside e) {
            return null;
        } finally {
            b = null;
            tape = null;
            prefixes = null;
        }
    }

    // ------------------------------------------------------------------ statements

    private int directive(int p) {
        if (!matches(p, "@prefix") || !isWs(c(p + 7))) {
            throw OUTSIDE; // @base, @version, ...
        }
        p = skipWs(prefix(p + 7));
        return expect(p, '.');
    }

    /** The label and namespace of a prefix directive, from after its keyword. */
    private int prefix(int p) {
        p = skipWs(p);
        int q = p;
        if (isAlpha(c(q))) {
            while (q < end && PREFIX_CHAR[b[q] & 0xFF]) {
                q++;
            }
            if (b[q - 1] == '.') {
                throw OUTSIDE;
            }
        }
        expect(q, ':');
        String label = new String(b, p, q - p, StandardCharsets.US_ASCII);
        int i = skipWs(q + 1);
        expect(i, '<');
        int close = i + 1;
        while (close < end && IRI_CHAR[b[close] & 0xFF]) {
            close++;
        }
        if (c(close) != '>' || !iris.acceptable(b, i + 1, close)) {
            throw OUTSIDE; // (a relative namespace is resolved against the base)
        }
        String ns = new String(b, i + 1, close - i - 1, StandardCharsets.US_ASCII);
        if (!declared) {
            prefixes = new HashMap<>(prefixes);
            declared = true;
        }
        prefixes.put(label, ns);
        Arrays.fill(nsLabel, null);
        Arrays.fill(seenTerm, -1); // prefixed names written before may now stand for other IRIs
        return close + 1;
    }

    /** Top-level triples, up to and with their '.'. */
    private int triples(int p) {
        int s = subject(p);
        return expect(predicateObjects(skipWs(s), term), '.');
    }

    /** TriG: a graph block ({@code { }}, {@code GRAPH g { }}, {@code g { }}) or top-level triples. */
    private int trigStatement(int p) {
        if (c(p) == '{') {
            return block(p + 1, TurtleTape.NO_GRAPH);
        }
        boolean keyword = c(p) == 'G' && matches(p, "GRAPH") && isWs(c(p + 5));
        int s = subject(keyword ? skipWs(p + 5) : p);
        int label = term;
        int q = skipWs(s);
        if (c(q) == '{') {
            return block(q + 1, label);
        }
        if (keyword) {
            throw OUTSIDE;
        }
        return expect(predicateObjects(q, label), '.');
    }

    /** The triples of a graph block, from after its '{' to after its '}' (a '.' before it may be left out). */
    private int block(int p, int graphLabel) {
        graph = graphLabel;
        p = skipWs(p);
        while (c(p) != '}') {
            int s = subject(p);
            p = skipWs(predicateObjects(skipWs(s), term));
            if (c(p) == '.') {
                p = skipWs(p + 1);
            } else if (c(p) != '}') {
                throw OUTSIDE;
            }
        }
        graph = TurtleTape.NO_GRAPH;
        return p + 1;
    }

    /** The predicate-object list of {@code subject}, up to what follows it (not read). */
    private int predicateObjects(int p, int subject) {
        while (true) {
            p = skipWs(verb(p));
            int verb = term;
            while (true) {
                p = skipWs(object(p));
                tape.statement(subject, verb, term, graph);
                if (c(p) != ',') {
                    break;
                }
                p = skipWs(p + 1);
            }
            if (c(p) != ';') {
                return p;
            }
            while (c(p) == ';') {
                p = skipWs(p + 1);
            }
            if (c(p) == '.' || c(p) == '}') {
                return p;
            }
        }
    }

    private int subject(int p) {
        int c = c(p);
        if (c == '<') {
            return iri(p);
        }
        if (c == '_') {
            return blank(p);
        }
        return pname(p);
    }

    private int verb(int p) {
        if (c(p) == 'a' && isWs(c(p + 1))) {
            if (rdfType < 0) {
                rdfType = constant(RDF_TYPE);
            }
            term = rdfType;
            return p + 1;
        }
        return c(p) == '<' ? iri(p) : pname(p);
    }

    private int object(int p) {
        int c = c(p);
        if (c == '<') {
            return iri(p);
        }
        if (c == '_') {
            return blank(p);
        }
        if (c == '"') {
            return literal(p);
        }
        if (isDigit(c) || c == '+' || c == '-') {
            return number(p);
        }
        if (c == 't' && matches(p, "true") && isDelimiter(c(p + 4))) {
            return shorthand(p, p + 4, BOOLEAN);
        }
        if (c == 'f' && matches(p, "false") && isDelimiter(c(p + 5))) {
            return shorthand(p, p + 5, BOOLEAN);
        }
        return pname(p);
    }

    // ------------------------------------------------------------------ terms

    /** An IRI term of the given bytes, written once per chunk. */
    private int constant(byte[] iri) {
        int t = tape.term(TurtleTape.IRI, (byte) 0);
        int f = tape.field();
        tape.put(iri, 0, iri.length);
        tape.endField(f);
        return t;
    }

    /** An {@code <IRI>}: {@link #term} is its term in the tape. */
    private int iri(int p) {
        int q = p + 1;
        while (q < end && IRI_CHAR[b[q] & 0xFF]) {
            q++;
        }
        if (c(q) != '>') {
            throw OUTSIDE;
        }
        if (!seen(p, q + 1)) {
            if (!iris.acceptable(b, p + 1, q)) {
                throw OUTSIDE; // RIOT would change or reject it
            }
            term = tape.term(TurtleTape.IRI, (byte) 0);
            int f = tape.field();
            tape.put(b, p + 1, q - p - 1);
            tape.endField(f);
            remember(p, q + 1);
        }
        return q + 1;
    }

    /** A prefixed name, expanded: {@link #term} is its term in the tape. */
    private int pname(int p) {
        int q = p;
        if (isAlpha(c(q))) {
            while (q < end && PREFIX_CHAR[b[q] & 0xFF]) {
                q++;
            }
        }
        if (c(q) != ':' || q > p && b[q - 1] == '.') {
            throw OUTSIDE; // a keyword (GRAPH, BASE, ...) or not a name at all
        }
        int l = q + 1;
        if (l < end && LOCAL_FIRST[b[l] & 0xFF]) {
            l++;
            while (l < end && LOCAL_CHAR[b[l] & 0xFF]) {
                l++;
            }
            while (b[l - 1] == '.') {
                l--; // a name does not end with '.': it ends the statement
            }
        }
        if (!isDelimiter(c(l))) {
            throw OUTSIDE; // '%', '\\', non-ASCII, ...: RIOT reads it
        }
        if (seen(p, l)) {
            return l;
        }
        byte[] ns = namespace(p, q);
        term = tape.term(TurtleTape.IRI, (byte) 0);
        int f = tape.field();
        tape.put(ns, 0, ns.length);
        tape.put(b, q + 1, l - q - 1);
        tape.endField(f);
        if (!iris.acceptable(tape.buffer(), f, tape.size())) {
            throw OUTSIDE;
        }
        remember(p, l);
        return l;
    }

    /**
     * Whether the IRI, prefixed name or blank node label written {@code b[p, q)} has a term in the tape already
     * (then {@link #term} is it): predicates, classes and datatypes recur in every statement,
     * and are so expanded, checked, held and encoded once a chunk.
     */
    private boolean seen(int p, int q) {
        int h = 1;
        for (int i = p; i < q; i++) {
            h = 31 * h + b[i];
        }
        int slot = (h ^ (h >>> 11)) & (TERM_SLOTS - 1);
        hash = h;
        int t = seenTerm[slot];
        int f = seenFrom[slot];
        if (t >= 0 && seenHash[slot] == h && seenTo[slot] - f == q - p && Arrays.equals(b, f, f + q - p, b, p, q)) {
            term = t;
            return true;
        }
        return false;
    }

    /** Notes {@link #term} as the term written {@code b[p, q)} (just looked up with {@link #seen}). */
    private void remember(int p, int q) {
        int slot = (hash ^ (hash >>> 11)) & (TERM_SLOTS - 1);
        seenHash[slot] = hash;
        seenFrom[slot] = p;
        seenTo[slot] = q;
        seenTerm[slot] = term;
    }

    /** The namespace of the prefix {@code b[p, q)} (the ':' at q), from a small cache of the chunk's. */
    private byte[] namespace(int p, int q) {
        int h = 0;
        for (int i = p; i < q; i++) {
            h = 31 * h + b[i];
        }
        int slot = (h ^ (h >>> 7)) & (NS_SLOTS - 1);
        byte[] k = nsLabel[slot];
        if (k != null && Arrays.equals(k, 0, k.length, b, p, q)) {
            return nsIri[slot];
        }
        String ns = prefixes.get(new String(b, p, q - p, StandardCharsets.US_ASCII));
        if (ns == null) {
            throw OUTSIDE; // undefined: RIOT's error
        }
        nsLabel[slot] = Arrays.copyOfRange(b, p, q);
        nsIri[slot] = ns.getBytes(StandardCharsets.UTF_8);
        return nsIri[slot];
    }

    private int blank(int p) {
        if (c(p + 1) != ':' || !BLANK_FIRST[c(p + 2) & 0xFF] || c(p + 2) == EOF) {
            throw OUTSIDE;
        }
        int q = p + 3;
        while (q < end && PREFIX_CHAR[b[q] & 0xFF]) {
            q++;
        }
        while (b[q - 1] == '.') {
            q--;
        }
        if (!isDelimiter(c(q))) {
            throw OUTSIDE;
        }
        if (seen(p, q)) {
            return q; // a label used again in the chunk: its node once, not a node per use
        }
        if (labels == null) {
            labels = ChunkLabels.labelled(documentScope);
        }
        byte[] node = labels.alloc(new String(b, p + 2, q - p - 2, StandardCharsets.US_ASCII)).getBlankNodeLabel()
                .getBytes(StandardCharsets.UTF_8);
        term = tape.term(TurtleTape.BLANK, (byte) 0);
        int f = tape.field();
        tape.put(node, 0, node.length);
        tape.endField(f);
        remember(p, q);
        return q;
    }

    private int literal(int p) {
        if (c(p + 1) == '"' && c(p + 2) == '"') {
            throw OUTSIDE; // a long string
        }
        boolean escaped = false;
        boolean astral = false;
        int q = p + 1;
        while (true) {
            q = ByteSearch.indexOfSpecial(b, q, end, (byte) '"', (byte) '\\', 0x20); // plain text at once
            int c = c(q);
            if (c == '"') {
                break;
            }
            if (c == '\\') {
                escaped = true;
                int next = StringEscapes.skip(b, q, end);
                astral |= next > 0 && StringEscapes.astral(b, q);
                q = next;
            } else if (c >= 0x80) {
                astral |= (c & 0xF8) == 0xF0;
                q = NQuadsParser.utf8(b, q, end);
            } else if (c < 0x20 && c != '\t') {
                throw OUTSIDE; // a line end (an error), a control character, the chunk's end
            } else {
                q++;
            }
            if (q < 0) {
                throw OUTSIDE;
            }
        }
        int lexFrom = p + 1, lexTo = q;
        q++;
        int c = c(q);
        byte flags = astral ? TurtleTape.ASTRAL : 0;
        if (c == '@') {
            int t = q + 1;
            if (!isAlpha(c(t))) {
                throw OUTSIDE;
            }
            while (isAlpha(c(t))) {
                t++;
            }
            while (c(t) == '-' && isAlnum(c(t + 1))) {
                t++;
                while (isAlnum(c(t))) {
                    t++;
                }
            }
            byte[] tag = isDelimiter(c(t)) ? LangTags.canonical(b, q + 1, t - q - 1) : null;
            if (tag == null || tag.length > 255) {
                throw OUTSIDE; // a direction, a bad tag: RIOT decides
            }
            term = tape.term(TurtleTape.LANG, flags);
            lexical(lexFrom, lexTo, escaped);
            tape.tag(tag);
            return t;
        }
        if (c == '^') {
            if (c(q + 1) != '^') {
                throw OUTSIDE;
            }
            int literal = tape.term(TurtleTape.TYPED, flags);
            int lex = lexical(lexFrom, lexTo, escaped);
            int ref = tape.reference();
            q = c(q + 2) == '<' ? iri(q + 2) : pname(q + 2); // (its term, if new, follows the literal's)
            typed(literal, lex, ref, term);
            return q;
        }
        term = tape.term(TurtleTape.STRING, flags);
        lexical(lexFrom, lexTo, escaped);
        return q;
    }

    /** Writes the lexical form {@code b[from, to)}, unescaped; returns where it starts in the tape. */
    private int lexical(int from, int to, boolean escaped) {
        int f = tape.field();
        if (escaped) {
            tape.ensure(to - from);
            tape.advance(StringEscapes.unescape(b, from, to, tape.buffer(), f) - f);
        } else {
            tape.put(b, from, to - from);
        }
        tape.endField(f);
        return f;
    }

    /**
     * Completes the typed literal {@code literal} (lexical form at {@code lex}, datatype reference
     * at {@code ref}) with the datatype term {@code type}, unless RIOT would not take it as it is:
     * a datatype that needs a language tag, or an ill-typed lexical form (RIOT reports it).
     */
    private void typed(int literal, int lex, int ref, int type) {
        tape.setReference(ref, type);
        byte[] t = tape.buffer();
        int dt = TurtleTape.bytesOf(type), dtLen = TurtleTape.lengthOf(t, type);
        if (NQuadsParser.isRdfLangString(t, dt, dt + dtLen)
                || datatypes.check(t, dt, dtLen, t, lex, ref - lex) != null) {
            throw OUTSIDE;
        }
        term = literal;
    }

    /** {@code [+-]? digits ('.' digits)? ([eE] [+-]? digits)?}: integer, decimal or double, as written. */
    private int number(int p) {
        int q = c(p) == '+' || c(p) == '-' ? p + 1 : p;
        int digits = q;
        q = digits(q);
        if (q == digits) {
            throw OUTSIDE;
        }
        int type = INTEGER;
        if (c(q) == '.' && isDigit(c(q + 1))) {
            q = digits(q + 1);
            type = DECIMAL;
        }
        if (c(q) == 'e' || c(q) == 'E') {
            q++;
            int exp = c(q) == '+' || c(q) == '-' ? q + 1 : q;
            q = digits(exp);
            if (q == exp) {
                throw OUTSIDE;
            }
            type = DOUBLE;
        }
        if (!isDelimiter(c(q)) || c(q) == '.' && (c(q + 1) == 'e' || c(q + 1) == 'E')) {
            throw OUTSIDE; // "1.e5" and the like: RIOT decides
        }
        return shorthand(p, q, type);
    }

    /** After the ASCII digits from {@code q}. */
    private int digits(int q) {
        while (isDigit(c(q))) {
            q++;
        }
        return q;
    }

    /** A number or boolean written {@code b[p, q)}: a typed literal, lexical form as written. */
    private int shorthand(int p, int q, int type) {
        int literal = tape.term(TurtleTape.TYPED, (byte) 0);
        int lex = lexical(p, q, false);
        int ref = tape.reference();
        if (shorthandType[type] < 0) {
            shorthandType[type] = constant(SHORTHAND_TYPES[type]);
        }
        typed(literal, lex, ref, shorthandType[type]);
        return q;
    }

    /**
     * Whether RIOT's strict Turtle profile takes the absolute IRI {@code iri} without a warning
     * and as written (resolving it changes nothing: no dot segments, ...). Asked only of IRIs
     * outside the common shape ({@link StrictIris}, which caches the answers).
     */
    private static boolean takenAsWritten(String iri) {
        if (iri.isEmpty() || !isAlpha(iri.charAt(0)) || iri.indexOf(':') < 0) {
            return false; // relative: resolved against the base
        }
        LastMessage note = new LastMessage();
        try {
            Node n = PrefixedTurtleReader.profileAt(Prologue.initial(null).base(), LabelToNode.createUseLabelAsGiven(),
                    note, PrefixMapFactory.create()).createURI(iri, -1, -1);
            return note.message == null && n.isURI() && n.getURI().equals(iri);
        } catch (RuntimeException e) {
            return false;
        }
    }

    // ------------------------------------------------------------------ bytes

    /** The byte at {@code p} (0..255), or {@link #EOF} at the chunk's end. */
    private int c(int p) {
        return p < end ? b[p] & 0xFF : EOF;
    }

    private boolean matches(int p, String word) {
        if (p + word.length() > end) {
            return false;
        }
        for (int i = 0; i < word.length(); i++) {
            if (b[p + i] != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private int expect(int p, char c) {
        if (c(p) != c) {
            throw OUTSIDE;
        }
        return p + 1;
    }

    /** Skips white space and comments (whose text must be UTF-8: RIOT's reading fails on bytes that are not). */
    private int skipWs(int p) {
        while (p < end) {
            byte c = b[p];
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                p++;
            } else if (c == '#') {
                p++;
                while (p < end && b[p] != '\n' && b[p] != '\r') {
                    p = b[p] >= 0 ? p + 1 : NQuadsParser.utf8(b, p, end);
                    if (p < 0) {
                        throw OUTSIDE;
                    }
                }
            } else {
                break;
            }
        }
        return p;
    }

    /** Turtle's white space (also what {@link TurtleChunker} scans for). */
    static boolean isWs(int c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    /** What may follow a name, a number or a language tag (else RIOT decides what the token is). */
    private static boolean isDelimiter(int c) {
        return isWs(c) || c == ',' || c == ';' || c == '.' || c == '#' || c == '{' || c == '}' || c == EOF;
    }

    private static boolean isAlpha(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isAlnum(int c) {
        return isAlpha(c) || isDigit(c);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** ASCII an IRIREF may hold as it is (no space, controls, {@code <>"{}|^`\\}: RIOT's tokenizer rejects those). */
    private static final boolean[] IRI_CHAR = new boolean[256];
    /** After a prefix's first letter, and in a blank node label: ASCII PN_CHARS and '.'. */
    private static final boolean[] PREFIX_CHAR = new boolean[256];
    /** A local name's first character (ASCII): PN_CHARS_U, digits, ':'. */
    private static final boolean[] LOCAL_FIRST = new boolean[256];
    /** A local name's other characters (ASCII): PN_CHARS, '.', ':'. */
    private static final boolean[] LOCAL_CHAR = new boolean[256];
    /** A blank node label's first character (ASCII): PN_CHARS_U, digits. */
    private static final boolean[] BLANK_FIRST = new boolean[256];

    static {
        for (int c = 0; c < 128; c++) {
            boolean alnum = isAlnum(c);
            PREFIX_CHAR[c] = alnum || c == '_' || c == '-' || c == '.';
            LOCAL_FIRST[c] = alnum || c == '_' || c == ':';
            LOCAL_CHAR[c] = PREFIX_CHAR[c] || c == ':';
            BLANK_FIRST[c] = alnum || c == '_';
            IRI_CHAR[c] = c > 0x20 && c < 0x7F && "<>\"{}|^`\\".indexOf(c) < 0;
        }
    }
}
