package dev.quarry.loader.parse;

import dev.quarry.loader.encode.TermEncoder;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.LongAdder;
import org.apache.jena.graph.Node;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFLanguages;
import org.apache.jena.riot.system.PrefixMap;
import org.apache.jena.riot.system.PrefixMapFactory;

/**
 * Parses the {@link TurtleChunk}s of one Turtle/TriG document, each on its own, the way
 * {@link ResumingTurtleParser} reads the whole document on one thread.
 *
 * <p>A chunk's result ({@link Parsed}) is held, not handed on, until the chunks before it
 * are settled: it is what one parser of the whole document would have given for those
 * lines only if the chunk before ended at a statement's end (nothing pending, no error
 * whose skipping would have run past the cut: {@link Parsed#atStatementEnd}) with exactly
 * the prologue the chunk was started with. The caller checks that in document order
 * ({@link #follows}); where it fails, the document from that chunk on is read by
 * {@link #parseRest} on one thread, as before, so results and errors are always the
 * single-threaded ones (issue 11).
 *
 * <p>A chunk is first tried with {@link TurtleBytesParser}, which reads the common subset of
 * Turtle on bytes and holds the statements as bytes ({@link TurtleTape}) for the encoder;
 * anything outside that subset, and any error, and RIOT reads the whole chunk as before.
 */
public final class TurtleChunkParser {
    private final Lang lang;
    private final UUID documentScope;
    private final LongAdder bytesParsed = new LongAdder();
    /** -Dquarry.turtle.riotOnly=true: every chunk read by RIOT (to compare, or should the byte reader ever be in doubt). */
    private static final boolean RIOT_ONLY = Boolean.getBoolean("quarry.turtle.riotOnly");
    /** One byte-level reader per worker thread (it keeps caches, never text, between chunks). */
    private static final ThreadLocal<TurtleBytesParser> BYTES = ThreadLocal.withInitial(TurtleBytesParser::new);

    /**
     * Tapes of chunks already sent on, emptied, for the next chunks (see {@link TurtleTape#clear}):
     * about two per worker are held (one being filled, one settling) in the steady state.
     */
    private final BlockingQueue<TurtleTape> spareTapes =
            new ArrayBlockingQueue<>(2 * Runtime.getRuntime().availableProcessors());

    /** @param documentScope the document's blank node scope (as for {@link RiotFeedParser#parse}) */
    public TurtleChunkParser(Lang lang, UUID documentScope) {
        this.lang = lang;
        this.documentScope = documentScope;
    }

    /** Receives statements; {@code g} is null for the default graph. */
    public interface Statements {
        void accept(Node s, Node p, Node o, Node g);
    }

    /** Statements encoded to ids and sent to {@code sink}, triples into {@code tripleGraph}. */
    public static Statements encoding(long tripleGraph, TermEncoder enc, QuadSink sink) {
        return new Encoding(tripleGraph, enc, sink);
    }

    /** The loader's receiver: a chunk read by {@link TurtleBytesParser} goes to the encoder as bytes, never as nodes. */
    private record Encoding(long tripleGraph, TermEncoder enc, QuadSink sink) implements Statements {
        @Override
        public void accept(Node s, Node p, Node o, Node g) {
            RiotLineParser.emit(s, p, o, g, -1, tripleGraph, enc, sink);
        }
    }

    /** Chunks read by {@link TurtleBytesParser} so far (the rest were read by RIOT). */
    long bytesParsedChunks() {
        return bytesParsed.sum();
    }

    /** Whether the loader reads this syntax in chunks. */
    public static boolean handles(Lang lang) {
        return PrefixedTurtleReader.handles(lang);
    }

    /** A chunk's statements and errors, held until the chunk is known to have started where its predecessor ended. */
    public static final class Parsed {
        private final List<Node[]> statements = new ArrayList<>();
        private final List<Object[]> errors = new ArrayList<>();
        private boolean atStatementEnd;
        private Prologue end;
        /** The statements, if {@link TurtleBytesParser} read the chunk (then there are no errors). */
        private TurtleTape tape;
        /** The parser whose spare tapes the tape joins once its statements are sent on. */
        private TurtleChunkParser owner;

        /** Whether the chunk's text ended just after a statement, with no error pending. */
        public boolean atStatementEnd() {
            return atStatementEnd;
        }

        /** The base and prefixes in effect at the chunk's end. */
        public Prologue end() {
            return end;
        }

        /** Reports the chunk's errors, in document order. */
        public void reportErrors(ParseErrors to) {
            for (Object[] e : errors) {
                if ((Boolean) e[0]) {
                    to.datatypeMismatch((Long) e[1], (Long) e[2], (String) e[3]);
                } else {
                    to.parsingError((Long) e[1], (Long) e[2], (String) e[3]);
                }
            }
        }

        /** Sends the chunk's statements on (once: a tape is reused for another chunk after). */
        public void emit(Statements out) {
            if (tape != null && out instanceof Encoding e) {
                tape.emit(e.enc, e.tripleGraph, e.sink);
            } else if (tape != null) {
                tape.emit(out);
            }
            if (tape != null) {
                owner.giveBack(tape);
                tape = null;
            }
            for (Node[] q : statements) {
                out.accept(q[0], q[1], q[2], q[3]);
            }
        }
    }

    /**
     * Parses {@code chunk} from the prologue it was cut with (not null): with {@link TurtleBytesParser}
     * if the chunk is within its subset, else with RIOT.
     */
    public Parsed parse(TurtleChunk chunk) {
        Parsed fast = RIOT_ONLY ? null : parseBytes(chunk);
        return fast != null ? fast : parseWithRiot(chunk);
    }

    /** The chunk read by {@link TurtleBytesParser}, or null if it is outside its subset. */
    Parsed parseBytes(TurtleChunk chunk) {
        Prologue start = chunk.start();
        TurtleTape tape = spareTapes.poll();
        TurtleBytesParser.Result r = BYTES.get().parse(chunk.bytes(), chunk.offset(), chunk.length(),
                RDFLanguages.sameLang(lang, Lang.TRIG), start.prefixes(), documentScope,
                tape != null ? tape : new TurtleTape());
        if (r == null) {
            if (tape != null) {
                giveBack(tape);
            }
            return null;
        }
        Parsed p = new Parsed();
        p.tape = r.tape();
        p.owner = this;
        p.atStatementEnd = r.atStatementEnd();
        p.end = new Prologue(start.base(), r.prefixes()); // no @base in the subset
        bytesParsed.increment();
        return p;
    }

    /** Empties {@code tape} and keeps it for a later chunk (dropped when enough are spare). */
    private void giveBack(TurtleTape tape) {
        tape.clear();
        spareTapes.offer(tape);
    }

    /** The chunk read by RIOT. */
    Parsed parseWithRiot(TurtleChunk chunk) {
        Parsed p = new Parsed();
        ParseErrors held = new ParseErrors() {
            @Override
            public void parsingError(long line, long column, String message) {
                p.errors.add(new Object[] {false, line, column, message});
            }

            @Override
            public void datatypeMismatch(long line, long column, String message) {
                p.errors.add(new Object[] {true, line, column, message});
            }
        };
        Prologue start = chunk.start();
        PrefixMap prefixes = PrefixMapFactory.create(start.prefixes());
        ResumingTurtleParser.Ending ending = ResumingTurtleParser.parse(
                new ByteArrayInputStream(chunk.bytes(), chunk.offset(), chunk.length()), chunk.firstLine(), lang,
                start.base(), ChunkLabels.create(documentScope, chunk.index()), prefixes, held,
                (s, pr, o, g) -> p.statements.add(new Node[] {s, pr, o, g}));
        p.atStatementEnd = ending.atStatementEnd();
        Map<String, String> now = prefixes.getMapping();
        // Most chunks declare nothing: keep the start's map, so comparing prologues is cheap.
        p.end = new Prologue(ending.base(), now.equals(start.prefixes()) ? start.prefixes() : Map.copyOf(now));
        return p;
    }

    /**
     * Whether {@code chunk} may be taken as parsed: the chunk before it (parsed as {@code previous},
     * itself taken) ended at a statement's end with the prologue {@code chunk} was started with.
     */
    public static boolean follows(Parsed previous, TurtleChunk chunk) {
        return previous.atStatementEnd && chunk.start() != null && chunk.start().equals(previous.end);
    }

    /**
     * Parses the rest of the document on this thread: {@code in} holds it from the start of
     * chunk number {@code part} (line {@code firstLine}), where {@code start} is in effect.
     * {@code prefixes} is the document's prefix map, empty; statements and errors go straight on.
     */
    public void parseRest(InputStream in, long firstLine, int part, Prologue start, PrefixMap prefixes,
                          ParseErrors errors, Statements out) {
        start.prefixes().forEach(prefixes::add);
        ResumingTurtleParser.parse(in, firstLine, lang, start.base(), ChunkLabels.create(documentScope, part), prefixes,
                errors, out::accept);
    }
}
