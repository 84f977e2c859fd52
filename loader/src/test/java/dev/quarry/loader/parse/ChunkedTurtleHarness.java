package dev.quarry.loader.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.jena.graph.Node;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.lang.LabelToNode;
import org.apache.jena.riot.system.PrefixMapFactory;

/**
 * Reads a Turtle/TriG text both ways: sequentially ({@link ResumingTurtleParser} over the
 * whole text, as the loader did before chunking) and chunked ({@link TurtleChunker},
 * workers running {@link TurtleChunkOrder#process} as the load's parse workers do), and
 * asserts that both give the same statements in the same order (blank nodes the same up to
 * a one-to-one renaming, labelled ones identical) and the same errors.
 */
final class ChunkedTurtleHarness {
    static final UUID SCOPE = new UUID(0x1234_5678_9abcL, 0xfedc_ba98_7654L);

    /**
     * What a reading gave: statements in document order, errors as {@code line:col: message};
     * for a chunked reading, how many chunks, the first read on one thread (-1: none) and how
     * many chunks {@link TurtleBytesParser} read (the others, RIOT).
     */
    record Reading(List<Node[]> statements, List<String> errors, int chunks, int fallbackFrom, String why,
                   long bytesParsed) {}

    private ChunkedTurtleHarness() {}

    static Reading sequential(String text, Lang lang) {
        return sequential(text.getBytes(StandardCharsets.UTF_8), lang);
    }

    static Reading sequential(byte[] text, Lang lang) {
        List<Node[]> statements = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        ResumingTurtleParser.parse(new ByteArrayInputStream(text), lang, null,
                LabelToNode.createScopeByDocumentHash(SCOPE), PrefixMapFactory.create(), collect(errors),
                (s, p, o, g) -> statements.add(new Node[] {s, p, o, g}));
        return new Reading(statements, errors, 1, -1, null, 0);
    }

    /** Chunked with chunks of about {@code chunkSize} bytes, on {@code threads} workers. */
    static Reading chunked(String text, Lang lang, int chunkSize, int threads) {
        return chunked(text.getBytes(StandardCharsets.UTF_8), lang, chunkSize, threads);
    }

    static Reading chunked(byte[] text, Lang lang, int chunkSize, int threads) {
        return chunked(text, lang, chunkSize, threads, false);
    }

    /** With {@code everyLine}, a chunker that cuts before every line, safe or not (see {@link TurtleChunker#everyLine}). */
    static Reading chunked(byte[] text, Lang lang, int chunkSize, int threads, boolean everyLine) {
        TurtleChunkParser parser = new TurtleChunkParser(lang, SCOPE);
        TurtleChunker chunker = everyLine
                ? TurtleChunker.everyLine(new ByteArrayInputStream(text), lang == Lang.TRIG, Prologue.initial(null).base())
                : new TurtleChunker(new ByteArrayInputStream(text), lang == Lang.TRIG, chunkSize, Prologue.initial(null).base());
        TurtleChunkOrder order = new TurtleChunkOrder(parser, chunker::recycle); // buffers reused as in a load
        List<String> errors = Collections.synchronizedList(new ArrayList<>());
        Map<Integer, List<Node[]>> byChunk = Collections.synchronizedMap(new TreeMap<>());
        BlockingQueue<TurtleChunk> queue = new ArrayBlockingQueue<>(threads * 2);
        TurtleChunk end = new TurtleChunk(new byte[0], 0, 0, 0, -1, true, null);
        Runnable check = () -> { };
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        int chunks = 0;
        try {
            List<Future<?>> workers = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                workers.add(pool.submit(() -> {
                    while (true) {
                        TurtleChunk c = queue.take();
                        if (c == end) {
                            return null;
                        }
                        List<Node[]> mine = new ArrayList<>();
                        order.process(c, PrefixMapFactory::create, collect(errors),
                                (s, p, o, g) -> mine.add(new Node[] {s, p, o, g}), check);
                        byChunk.put(c.index(), mine);
                    }
                }));
            }
            TurtleChunk c;
            while ((c = chunker.next()) != null) {
                chunks++;
                if (order.add(c, check)) {
                    while (!queue.offer(c, 10, TimeUnit.MILLISECONDS)) {
                        if (order.fallenBack()) {
                            break;
                        }
                    }
                }
            }
            order.end();
            for (int i = 0; i < threads; i++) {
                queue.put(end);
            }
            for (Future<?> w : workers) {
                w.get(5, TimeUnit.MINUTES);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new AssertionError(e);
        } finally {
            pool.shutdownNow();
        }
        List<Node[]> statements = new ArrayList<>();
        byChunk.values().forEach(statements::addAll);
        return new Reading(statements, List.copyOf(errors), chunks, order.fallbackFrom(), order.fallbackReason(),
                parser.bytesParsedChunks());
    }

    /** Asserts the two readings agree (see the class comment). */
    static void assertSame(Reading expected, Reading actual, String what) {
        assertEquals(expected.errors(), actual.errors(), what + ": errors");
        assertEquals(expected.statements().size(), actual.statements().size(), what + ": statement count");
        Map<Node, Node> renaming = new HashMap<>();
        Map<Node, Node> inverse = new HashMap<>();
        for (int i = 0; i < expected.statements().size(); i++) {
            Node[] e = expected.statements().get(i);
            Node[] a = actual.statements().get(i);
            for (int t = 0; t < 4; t++) {
                if (!same(e[t], a[t], renaming, inverse)) {
                    fail(what + ": statement " + java.util.Arrays.toString(e) + " read as " + java.util.Arrays.toString(a));
                }
            }
        }
    }

    /** Equal nodes, blank nodes (also inside triple terms) renamed one to one. */
    private static boolean same(Node e, Node a, Map<Node, Node> renaming, Map<Node, Node> inverse) {
        if (e == null || a == null) {
            return e == a;
        }
        if (e.isBlank() && a.isBlank()) {
            Node was = renaming.putIfAbsent(e, a);
            Node back = inverse.putIfAbsent(a, e);
            return (was == null || was.equals(a)) && (back == null || back.equals(e));
        }
        if (e.isTripleTerm() && a.isTripleTerm()) {
            return same(e.getTriple().getSubject(), a.getTriple().getSubject(), renaming, inverse)
                    && same(e.getTriple().getPredicate(), a.getTriple().getPredicate(), renaming, inverse)
                    && same(e.getTriple().getObject(), a.getTriple().getObject(), renaming, inverse);
        }
        return e.equals(a);
    }

    /** The node a label of the document becomes on both paths. */
    static Node labelled(String label) {
        return LabelToNode.createScopeByDocumentHash(SCOPE).get(null, label);
    }

    /** Errors as {@code line:col: message} ({@code datatype: } before a datatype mismatch's message). */
    static ParseErrors collect(List<String> errors) {
        return new ParseErrors() {
            @Override
            public void parsingError(long line, long column, String message) {
                errors.add(line + ":" + column + ": " + message);
            }

            @Override
            public void datatypeMismatch(long line, long column, String message) {
                errors.add(line + ":" + column + ": datatype: " + message);
            }
        };
    }
}
