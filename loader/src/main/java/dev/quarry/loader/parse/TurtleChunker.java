package dev.quarry.loader.parse;

import dev.quarry.loader.input.ByteSearch;
import dev.quarry.loader.input.Newlines;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jena.irix.IRIxResolver;

/**
 * Cuts a Turtle or TriG feed into {@link TurtleChunk}s of about {@code chunkSize} bytes that
 * start where a statement starts, so that several threads can parse them, and predicts the
 * base and prefixes in effect at each chunk's start.
 *
 * <p>A byte-level scan follows the lexical state (outside, in an {@code <IRI>}, a
 * {@code "string"} or {@code 'string'} with escapes, a {@code """long"""} or {@code '''long'''}
 * string, a {@code # comment}; in TriG the depth of {@code { }}) and cuts before a line only
 * if the text before it ends a top-level statement ('.' or, in TriG, a graph block's '}')
 * and the line starts in column 1 with what can begin a statement. Directives found where a
 * statement starts ({@code @prefix}, {@code PREFIX}, {@code @base}, {@code BASE}; at a line's
 * start or after a statement on the same line) update the prediction.
 *
 * <p>The scan is a guess from bytes: a cut or a prediction may be wrong for text that is
 * itself wrong (or a directive written where the scan does not look). That is safe:
 * {@link TurtleChunkParser} only trusts a chunk whose predecessor ended exactly at the cut
 * with exactly the predicted prologue, and parses the rest of the feed on one thread
 * otherwise. When no safe cut comes for {@link #MAX_GROWTH} chunk sizes (at least
 * {@link #MIN_GIVE_UP} bytes: a TriG graph block of a whole file), or the prefixes
 * grow past {@link #MAX_PREFIXES}, the chunker stops predicting and the rest of the feed
 * goes to one thread that way.
 *
 * <p>Not thread-safe: one thread calls {@link #next}; any thread may {@link #recycle}.
 */
public final class TurtleChunker {
    static final int MAX_GROWTH = 16;
    /** ... but never below this many bytes. */
    static final int MIN_GIVE_UP = 16 << 20;
    /**
     * A chunk that declares a prefix holds its own copy of the map; a document declaring more
     * than this is read on one thread (its prefixes go to the disk-backed SharedPrefixes:
     * SharedPrefixesMemoryTest loads four files of 200,000 prefixes in a 32 MB heap). One per
     * 64 KiB of heap, from 1,000 to 100,000 (at -Xmx4g, 65,536): BSBM declares 454 prefixes at
     * 5 M triples and 2,220 at 25 M, and with a flat 1,000 its 25 M file was read on one thread
     * (115 s against 54 s for the same data as N-Triples, 2026-11-27).
     */
    static final int MAX_PREFIXES = maxPrefixes(Runtime.getRuntime().maxMemory());

    static int maxPrefixes(long maxHeapBytes) {
        return (int) Math.max(1_000, Math.min(100_000, maxHeapBytes >> 16));
    }

    /**
     * Bytes the scan's default case treats alike after a name's first byte (all but white
     * space, '#', '<', quotes, '\\', braces and '@'): it passes over a run of them at once.
     */
    private static final boolean[] PLAIN = new boolean[256];

    static {
        Arrays.fill(PLAIN, true);
        for (char c : " \t\r\n#<\"'\\{}@".toCharArray()) {
            PLAIN[c] = false;
        }
    }

    private static final int OUTSIDE = 0;
    private static final int IRI = 1;
    private static final int STRING = 2; // "..." or '...', closed by {@link #quote}
    private static final int LONG_STRING = 3; // """...""" or '''...''', closed by {@link #quote} three times
    private static final int COMMENT = 4;
    /** {@link #lastToken} after a PREFIX or BASE line: a statement may start next. */
    private static final byte SPARQL_DIRECTIVE = 1;

    /*
     * A directive as the scan reads it: on one line, from its keyword to its end ('.' or, for
     * PREFIX and BASE, the '>'); what follows on the line is scanned as usual. Matched on text
     * decoded as ISO-8859-1, so that a match's end is a byte offset (labels and IRIs are
     * decoded as UTF-8 when taken).
     */
    private static final Pattern AT_PREFIX = Pattern.compile("@prefix\\s+([^\\s:]*):\\s*<([^>\\\\\\s]*)>\\s*\\.");
    private static final Pattern SPARQL_PREFIX = Pattern.compile("(?i:prefix)\\s+([^\\s:]*):\\s*<([^>\\\\\\s]*)>");
    private static final Pattern AT_BASE = Pattern.compile("@base\\s+<([^>\\\\\\s]*)>\\s*\\.");
    private static final Pattern SPARQL_BASE = Pattern.compile("(?i:base)\\s+<([^>\\\\\\s]*)>");

    /** Bytes of a directive the scan reads at most (a longer one stops the prediction). */
    private static final int MAX_DIRECTIVE = 1 << 16;
    /** Room past the chunk size, so a chunk's last line usually fits without growing the buffer. */
    private static final int SLACK = 1 << 12;
    /** Spare buffers kept: more than the chunks a load has in flight (LoadRun.Budget). */
    private static final int POOL_SIZE = 16;

    private final InputStream in;
    private final boolean trig;
    private final int chunkSize;
    /**
     * Buffers of parsed chunks, handed back by {@link #recycle}: a fresh one per chunk is a
     * humongous allocation for G1 at 1 MiB chunks, each of which may start a collection.
     */
    private final BlockingQueue<byte[]> pool = new ArrayBlockingQueue<>(POOL_SIZE);

    /** Read but not yet cut: {@code buf[0, filled)} starts the next chunk, at feed line {@link #nextLine}. */
    private byte[] buf;
    private int filled;
    private boolean eof;
    private long nextLine = 1;
    private int nextIndex;
    private boolean atStart = true;

    private int state = OUTSIDE;
    private byte quote;
    /** Depth of '{' (TriG graph blocks; '{|' annotations in both syntaxes). */
    private int depth;
    /** The last byte outside strings, IRIs and comments that is not white space (0: none yet). */
    private byte lastToken;
    /** Whether {@link #lastToken} is the '}' of an annotation's '|}'. */
    private boolean lastClosesAnnotation;

    /** Offset in {@link #buf} just past the '>' that ends a PREFIX or BASE directive being scanned, or -1. */
    private int sparqlDirectiveEnd = -1;

    private IRIxResolver resolver;
    private Map<String, String> prefixes = Map.of();
    /** Whether {@link #prefixes} is a chunk's prologue already (copied before it changes). */
    private boolean prefixesShared = true;
    private boolean predicting = true;
    /**
     * For tests of {@link TurtleChunkOrder}: cut before every line whose first token is plain
     * (the one property of a cut that settling in order does not check), whatever the scan says.
     */
    private boolean everyLine;

    /** @param base the feed's initial base IRI (resolved) */
    public TurtleChunker(InputStream in, boolean trig, int chunkSize, String base) {
        if (chunkSize < 1) {
            throw new IllegalArgumentException("chunkSize must be positive: " + chunkSize);
        }
        this.in = in;
        this.trig = trig;
        this.chunkSize = chunkSize;
        this.buf = new byte[chunkSize + SLACK];
        this.resolver = IRIxResolver.create().base(base).resolve(true).allowRelative(false).build();
    }

    /** A chunker that cuts wherever it may (see {@link #everyLine}), to test that a wrong cut never changes a result. */
    static TurtleChunker everyLine(InputStream in, boolean trig, String base) {
        TurtleChunker c = new TurtleChunker(in, trig, 1, base);
        c.everyLine = true;
        return c;
    }

    /** The next chunk, or null when the feed is exhausted. */
    public TurtleChunk next() throws IOException {
        fill();
        if (filled == 0 && eof) {
            return null;
        }
        Prologue start = predicting ? new Prologue(resolver.getBaseURI(), sharedPrefixes()) : null;
        int pos = 0;
        if (atStart) {
            while (filled < 3 && !eof) {
                fill();
            }
            if (filled >= 3 && buf[0] == (byte) 0xEF && buf[1] == (byte) 0xBB && buf[2] == (byte) 0xBF) {
                pos = 3; // a byte order mark: the first line's text starts after it
            }
        }
        long lines = 0;
        while (true) {
            int nl = Newlines.indexOf(buf, pos, filled);
            if (nl == filled) {
                if (!eof) {
                    fill();
                    continue;
                }
                if (pos < filled) {
                    scan(pos, filled); // a last line without its '\n'
                }
                return cut(filled, lines, start);
            }
            if (pos > 0 && pos >= chunkSize) {
                if (canCutBefore(pos)) {
                    return cut(pos, lines, start);
                }
                if (pos >= Math.max((long) chunkSize * MAX_GROWTH, MIN_GIVE_UP)) {
                    predicting = false; // the chunk is cut here anyway; what follows goes to one thread
                    return cut(pos, lines, start);
                }
            }
            scan(pos, nl + 1);
            lines++;
            pos = nl + 1;
            if (pos == filled && eof) {
                return cut(filled, lines, start);
            }
        }
    }

    /**
     * Whether a statement may start at {@code buf[pos]}, the start of a line: see the class
     * comment. The line's first token must also be one RIOT's tokenizer cannot fail on: it
     * reads that token ahead when the statement before ends, and a failure there would be
     * blamed on the statement before, in the chunk before.
     */
    private boolean canCutBefore(int pos) {
        if (!predicting) {
            return true;
        }
        if (!everyLine && (!atStatementStart() || lastToken == 0 || lastToken == SPARQL_DIRECTIVE)) {
            return false; // (RIOT's parse of a chunk ending in PREFIX or BASE does not end at a '.', so is not trusted)
        }
        byte c = buf[pos];
        if (c == '[' || c == '(' || c == '{') {
            return true;
        }
        if (c == '<') {
            return plainIri(pos + 1);
        }
        if (c == '@') {
            return startsWith(pos, "@prefix ") || startsWith(pos, "@base ");
        }
        return (c == '_' || c == ':' || letter(c)) && plainName(pos);
    }

    /** An IRI of printable ASCII without escapes or characters RIOT rejects, closed on its line. */
    private boolean plainIri(int from) {
        for (int i = from; i < filled; i++) {
            byte b = buf[i];
            if (b == '>') {
                return true;
            }
            if (b <= ' ' || b >= 0x7F || b == '<' || b == '"' || b == '{' || b == '}' || b == '|' || b == '^'
                    || b == '`' || b == '\\') {
                return false;
            }
        }
        return false;
    }

    /** A prefixed name, blank node label or keyword of ASCII letters, digits and {@code _ - . :} only. */
    private boolean plainName(int from) {
        for (int i = from; i < filled; i++) {
            byte b = buf[i];
            if (b == ' ' || b == '\t' || b == '\r' || b == '\n' || b == '<' || b == '[' || b == '(' || b == '"'
                    || b == ';' || b == ',') {
                return true;
            }
            if (!(letter(b) || b >= '0' && b <= '9' || b == '_' || b == '-' || b == '.' || b == ':')) {
                return false;
            }
        }
        return false;
    }

    private static boolean letter(byte b) {
        return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z';
    }

    private boolean startsWith(int pos, String ascii) {
        if (pos + ascii.length() > filled) {
            return false;
        }
        for (int i = 0; i < ascii.length(); i++) {
            if (buf[pos + i] != ascii.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private boolean atStatementStart() {
        return state == OUTSIDE && depth == 0 && (lastToken == 0 || lastToken == '.' || lastToken == SPARQL_DIRECTIVE
                || trig && lastToken == '}' && !lastClosesAnnotation);
    }

    private TurtleChunk cut(int end, long lines, Prologue start) {
        int from = 0;
        if (atStart) {
            atStart = false;
            // A leading UTF-8 byte order mark is a signature, not text (RIOT skips it too).
            if (end >= 3 && buf[0] == (byte) 0xEF && buf[1] == (byte) 0xBB && buf[2] == (byte) 0xBF) {
                from = 3;
            }
        }
        boolean last = eof && end == filled;
        TurtleChunk chunk = new TurtleChunk(buf, from, end - from, nextLine, nextIndex++, last, start);
        byte[] rest = filled - end <= chunkSize ? spare() : new byte[filled - end + SLACK];
        System.arraycopy(buf, end, rest, 0, filled - end);
        buf = rest;
        filled -= end;
        nextLine += lines;
        return chunk;
    }

    /** Hands back a chunk's buffer for reuse; the chunk must no longer be read. */
    public void recycle(TurtleChunk chunk) {
        int n = chunk.bytes().length;
        // Also one grown once (no safe cut within the slack); not one grown for a long statement.
        if (n >= chunkSize + SLACK && n <= 2 * (chunkSize + SLACK)) {
            pool.offer(chunk.bytes());
        }
    }

    private byte[] spare() {
        byte[] b = pool.poll();
        return b != null ? b : new byte[chunkSize + SLACK];
    }

    /** Reads more of the feed onto {@link #buf}, growing it when full. */
    private void fill() throws IOException {
        if (eof) {
            return;
        }
        if (filled == buf.length) {
            buf = Arrays.copyOf(buf, buf.length * 2);
        }
        int n = in.read(buf, filled, buf.length - filled);
        if (n < 0) {
            eof = true;
        } else {
            filled += n;
        }
    }

    /** Follows the lexical state over the line {@code buf[from, to)}, and the directives on it. */
    private void scan(int from, int to) {
        sparqlDirectiveEnd = -1; // (a directive is read within its line)
        for (int i = from; i < to; i++) {
            byte b = buf[i];
            switch (state) {
                case OUTSIDE -> {
                    switch (b) {
                        case ' ', '\t', '\r', '\n' -> { }
                        case '#' -> state = COMMENT;
                        case '<' -> {
                            if (i + 1 < to && buf[i + 1] == '<') {
                                i++; // '<<' of a triple term
                            } else {
                                state = IRI;
                            }
                            token(b);
                        }
                        case '"', '\'' -> {
                            if (i + 2 < to && buf[i + 1] == b && buf[i + 2] == b) {
                                state = LONG_STRING;
                                i += 2;
                            } else {
                                state = STRING;
                            }
                            quote = b;
                            token(b);
                        }
                        case '\\' -> {
                            i++; // an escape in a local name (ex:a\#b)
                            token(b);
                        }
                        case '{' -> {
                            depth++;
                            token(b);
                        }
                        case '}' -> {
                            boolean annotation = lastToken == '|' && i > from && buf[i - 1] == '|';
                            if (depth > 0) {
                                depth--;
                            }
                            token(b);
                            lastClosesAnnotation = annotation;
                        }
                        default -> {
                            if ((b == '@' || b == 'p' || b == 'P' || b == 'b' || b == 'B') && predicting && atStatementStart()
                                    && (b == '@' || i == from || TurtleBytesParser.isWs(buf[i - 1]))) {
                                directive(i, to);
                            }
                            // The rest of a name or number at once: for each of its bytes this case
                            // would find no directive (the byte before is no white space) and only
                            // make it the last token.
                            int end = i + 1;
                            while (end < to && PLAIN[buf[end] & 0xFF]) {
                                end++;
                            }
                            i = end - 1;
                            token(buf[i]);
                        }
                    }
                }
                // In IRIs, strings and comments only a few bytes matter: the scan jumps to the next.
                case IRI -> {
                    i = ByteSearch.indexOfAny(buf, i, to, (byte) '>', (byte) '\n', (byte) '\n');
                    if (i < to) {
                        state = OUTSIDE;
                        if (i + 1 == sparqlDirectiveEnd) {
                            lastToken = SPARQL_DIRECTIVE; // a statement may start next, without a '.'
                            sparqlDirectiveEnd = -1;
                        }
                    }
                }
                case STRING -> {
                    i = ByteSearch.indexOfAny(buf, i, to, (byte) '\\', quote, (byte) '\n');
                    if (i < to) {
                        if (buf[i] == '\\') {
                            i++;
                        } else {
                            state = OUTSIDE; // (a newline ends an unterminated string: RIOT reports it there)
                        }
                    }
                }
                case LONG_STRING -> {
                    i = ByteSearch.indexOfAny(buf, i, to, (byte) '\\', quote, quote);
                    if (i < to) {
                        if (buf[i] == '\\') {
                            i++;
                        } else if (i + 2 < to && buf[i + 1] == quote && buf[i + 2] == quote) {
                            state = OUTSIDE;
                            i += 2;
                        }
                    }
                }
                default -> { // COMMENT
                    i = Newlines.indexOf(buf, i, to);
                    if (i < to) {
                        state = OUTSIDE;
                    }
                }
            }
        }
    }

    private void token(byte b) {
        lastToken = b;
        lastClosesAnnotation = false;
    }

    /**
     * Updates the predicted prologue if a directive starts at {@code buf[from]} (a statement's
     * start, anywhere on a line: {@code <a> <b> <c> . @prefix x: <...> .} too); stops predicting
     * if it may be one the scan cannot read (e.g. split over lines). A PREFIX or BASE directive
     * sets {@link #sparqlDirectiveEnd}, as it ends without a '.'.
     */
    private void directive(int from, int to) {
        boolean at = buf[from] == '@';
        if (!(at ? keyword(from + 1, "prefix", false) || keyword(from + 1, "base", false)
                : keyword(from, "prefix", true) || keyword(from, "base", true))) {
            return; // not a directive (a prefixed name such as base:x may start a statement)
        }
        int end = Math.min(to, from + MAX_DIRECTIVE); // not the rest of a long line for each directive on it
        while (end > from && (buf[end - 1] == '\n' || buf[end - 1] == '\r')) {
            end--;
        }
        String line = new String(buf, from, end - from, StandardCharsets.ISO_8859_1);
        try {
            Matcher m;
            if ((m = AT_PREFIX.matcher(line)).lookingAt() || (m = SPARQL_PREFIX.matcher(line)).lookingAt()) {
                definePrefix(utf8(m.group(1)), resolver.resolve(utf8(m.group(2))).str());
            } else if ((m = AT_BASE.matcher(line)).lookingAt() || (m = SPARQL_BASE.matcher(line)).lookingAt()) {
                // As RIOT does: the IRI resolved against the base so far becomes the base.
                resolver = resolver.resetBase(resolver.resolve(resolver.resolve(utf8(m.group(1))).str()));
            } else {
                predicting = false;
                return;
            }
            if (!at) {
                sparqlDirectiveEnd = from + m.end();
            }
        } catch (RuntimeException e) {
            predicting = false; // RIOT rejects it: what it makes of the rest is its own
        }
    }

    /** Whether {@code buf[from]} starts {@code word} (ASCII lower case; any case if {@code anyCase}) and white space. */
    private boolean keyword(int from, String word, boolean anyCase) {
        int n = word.length();
        if (from + n >= filled) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            int b = buf[from + i];
            if ((anyCase ? b | 0x20 : b) != word.charAt(i)) {
                return false;
            }
        }
        return TurtleBytesParser.isWs(buf[from + n]);
    }

    private static String utf8(String latin1) {
        return new String(latin1.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    }

    private void definePrefix(String label, String iri) {
        if (prefixesShared) {
            prefixes = new HashMap<>(prefixes);
            prefixesShared = false;
        }
        prefixes.put(label, iri);
        if (prefixes.size() > MAX_PREFIXES) {
            predicting = false;
        }
    }

    private Map<String, String> sharedPrefixes() {
        prefixesShared = true;
        return prefixes;
    }
}
