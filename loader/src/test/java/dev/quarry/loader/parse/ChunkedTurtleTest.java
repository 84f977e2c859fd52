package dev.quarry.loader.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.jena.graph.Node;
import org.apache.jena.riot.Lang;
import org.junit.jupiter.api.Test;

/**
 * Issue 11 item 2: Turtle and TriG read in chunks by several threads give what one thread
 * reading the whole document gives: the same statements in the same order (blank node
 * labels the same nodes across chunks, {@code []} and collections distinct), and the same
 * errors at the same lines, for generated documents that make splitting hard.
 */
class ChunkedTurtleTest {
    private static final int[] CHUNK_SIZES = {1, 97, 1024, 16 << 10};

    @Test
    void cleanTurtleIsSplitAndReadAsOneThreadReadsIt() {
        String doc = new Generator(1, false, 0).document(3000);
        ChunkedTurtleHarness.Reading expected = ChunkedTurtleHarness.sequential(doc, Lang.TURTLE);
        assertTrue(expected.statements().size() > 10_000, "statements: " + expected.statements().size());
        assertSplitAndReadAsOneThread(doc, Lang.TURTLE, expected);
    }

    @Test
    void cleanTriGIsSplitAndReadAsOneThreadReadsIt() {
        String doc = new Generator(2, true, 0).document(3000);
        assertSplitAndReadAsOneThread(doc, Lang.TRIG, ChunkedTurtleHarness.sequential(doc, Lang.TRIG));
    }

    /** BSBM's 25 M file declares 2,220 prefixes before its first statement: still read on every worker. */
    @Test
    void thousandsOfPrefixesAtTheTopAreStillReadInChunks() {
        int prefixes = Math.min(TurtleChunker.MAX_PREFIXES, 3_000);
        assertTrue(prefixes > 1_000, "the test heap allows only " + TurtleChunker.MAX_PREFIXES + " prefixes");
        StringBuilder doc = new StringBuilder();
        for (int i = 0; i < prefixes; i++) {
            doc.append("@prefix p").append(i).append(": <http://example.org/ns").append(i).append("/> .\n");
        }
        for (int i = 0; i < 20_000; i++) {
            doc.append("p").append(i % prefixes).append(":s").append(i).append(" p").append((i * 7) % prefixes)
                    .append(":p \"v").append(i).append("\" , p").append((i * 13) % prefixes).append(":o .\n");
        }
        String text = doc.toString();
        ChunkedTurtleHarness.Reading expected = ChunkedTurtleHarness.sequential(text, Lang.TURTLE);
        ChunkedTurtleHarness.Reading actual = ChunkedTurtleHarness.chunked(text, Lang.TURTLE, 16 << 10, 4);
        ChunkedTurtleHarness.assertSame(expected, actual, "3,000 prefixes");
        assertEquals(-1, actual.fallbackFrom(), "read on one thread: " + actual.why());
        assertTrue(actual.chunks() > 20, "chunks: " + actual.chunks());
    }

    /**
     * Directives written where the chunker did not look (after a statement on the same line,
     * indented, two on a line) are seen: the document is still read in chunks, with the same
     * result. Before, the first one sent the rest of the document to one thread.
     */
    @Test
    void directivesAfterAStatementOnTheSameLineAreSeen() {
        StringBuilder doc = new StringBuilder("@prefix ex: <http://example.org/> .\n");
        for (int i = 0; i < 6000; i++) {
            doc.append("ex:s").append(i).append(" ex:p \"v").append(i).append("\" .");
            switch (i % 600) {
                case 100 -> doc.append(" @prefix ex: <http://example.org/v").append(i).append("/> .");
                case 200 -> doc.append(" PREFIX q: <http://example.org/q").append(i).append("/>");
                case 300 -> doc.append("\t@base <http://example.org/b").append(i).append("/> . # comment");
                case 400 -> doc.append(" prefix ex: <http://example.org/w").append(i).append("/> ex:x ex:y ex:z .");
                case 450 -> doc.append("\n   @prefix q: <http://example.org/r").append(i).append("/> . @prefix ex: <e").append(i).append("/> .");
                case 500 -> doc.append(" BASE <b").append(i).append("/>  # relative to the base before");
                default -> { }
            }
            doc.append('\n');
            if (i >= 200) {
                doc.append("q:s").append(i).append(" q:p <rel").append(i).append("> .\n");
            }
        }
        String text = doc.toString();
        for (Lang lang : List.of(Lang.TURTLE, Lang.TRIG)) {
            ChunkedTurtleHarness.Reading expected = ChunkedTurtleHarness.sequential(text, lang);
            assertEquals(List.of(), first(expected.errors()));
            ChunkedTurtleHarness.Reading actual = ChunkedTurtleHarness.chunked(text, lang, 4 << 10, 4);
            ChunkedTurtleHarness.assertSame(expected, actual, "directives after statements, " + lang.getName());
            assertEquals(-1, actual.fallbackFrom(), "read on one thread: " + actual.why());
            assertTrue(actual.chunks() > 50, "chunks: " + actual.chunks());
        }
    }

    @Test
    void thePrefixCapScalesWithTheHeap() {
        assertEquals(1_000, TurtleChunker.maxPrefixes(32L << 20));
        assertEquals(65_536, TurtleChunker.maxPrefixes(4L << 30));
        assertEquals(100_000, TurtleChunker.maxPrefixes(64L << 30));
    }

    @Test
    void recycledBuffersHoldLaterChunksAndTheTextStaysWhole() throws IOException {
        String doc = new Generator(3, false, 0).document(3000);
        TurtleChunker chunker = new TurtleChunker(new ByteArrayInputStream(doc.getBytes(StandardCharsets.UTF_8)), false,
                16 << 10, Prologue.initial(null).base()); // (smaller chunks than the slack carry more than a chunk over)
        StringBuilder text = new StringBuilder();
        Set<byte[]> buffers = Collections.newSetFromMap(new IdentityHashMap<>());
        int chunks = 0;
        TurtleChunk c;
        while ((c = chunker.next()) != null) {
            text.append(new String(c.bytes(), c.offset(), c.length(), StandardCharsets.UTF_8));
            buffers.add(c.bytes());
            chunker.recycle(c); // read: its buffer may hold the next chunk's text
            chunks++;
        }
        assertEquals(doc, text.toString());
        assertTrue(chunks > 10 && buffers.size() < chunks / 2, buffers.size() + " buffers for " + chunks + " chunks");
    }

    /** A clean document: chunks at every size, the sequential reading, never a fall back to one thread. */
    private static void assertSplitAndReadAsOneThread(String doc, Lang lang, ChunkedTurtleHarness.Reading expected) {
        assertEquals(List.of(), first(expected.errors()));
        for (int size : CHUNK_SIZES) {
            ChunkedTurtleHarness.Reading actual = ChunkedTurtleHarness.chunked(doc, lang, size, 4);
            ChunkedTurtleHarness.assertSame(expected, actual, "chunks of " + size);
            assertEquals(-1, actual.fallbackFrom(), "a clean document never needs one thread (chunks of " + size + "): " + actual.why());
            assertTrue(actual.chunks() > Math.min(20, doc.length() / size / 2), "chunks of " + size + ": " + actual.chunks());
        }
    }

    @Test
    void badStatementsGiveTheSameErrorsAndStatements() {
        for (boolean trig : new boolean[] {false, true}) {
            for (int seed = 10; seed < 16; seed++) {
                Lang lang = trig ? Lang.TRIG : Lang.TURTLE;
                String doc = new Generator(seed, trig, 0.01).document(1500);
                ChunkedTurtleHarness.Reading expected = ChunkedTurtleHarness.sequential(doc, lang);
                assertTrue(expected.errors().size() > 3, "errors: " + expected.errors());
                for (int size : CHUNK_SIZES) {
                    ChunkedTurtleHarness.assertSame(expected, ChunkedTurtleHarness.chunked(doc, lang, size, 4),
                            lang.getName() + " seed " + seed + ", chunks of " + size);
                }
                ChunkedTurtleHarness.assertSame(expected, ChunkedTurtleHarness.chunked(
                        doc.getBytes(java.nio.charset.StandardCharsets.UTF_8), lang, 1, 4, true),
                        lang.getName() + " seed " + seed + ", cut before every line");
            }
        }
    }

    @Test
    void cutsBeforeEveryLineNeverChangeTheResult() {
        for (boolean trig : new boolean[] {false, true}) {
            Lang lang = trig ? Lang.TRIG : Lang.TURTLE;
            String doc = new Generator(3, trig, 0).document(800);
            ChunkedTurtleHarness.Reading expected = ChunkedTurtleHarness.sequential(doc, lang);
            ChunkedTurtleHarness.assertSame(expected, ChunkedTurtleHarness.chunked(
                    doc.getBytes(java.nio.charset.StandardCharsets.UTF_8), lang, 1, 4, true), lang.getName());
        }
    }

    @Test
    void aLabelIsOneNodeInEveryChunkAndAnonymousNodesStayDistinct() {
        StringBuilder doc = new StringBuilder("@prefix ex: <http://example.org/> .\n");
        for (int i = 0; i < 200; i++) {
            doc.append("_:shared ex:p ").append(i).append(" .\n[] ex:q ").append(i).append(" .\n");
        }
        ChunkedTurtleHarness.Reading r = ChunkedTurtleHarness.chunked(doc.toString(), Lang.TURTLE, 1, 4);
        assertTrue(r.chunks() >= 400, "chunks: " + r.chunks());
        Node shared = ChunkedTurtleHarness.labelled("shared");
        java.util.Set<Node> anonymous = new java.util.HashSet<>();
        for (Node[] q : r.statements()) {
            if (q[1].getLocalName().equals("p")) {
                assertEquals(shared, q[0]);
            } else {
                anonymous.add(q[0]);
            }
        }
        assertEquals(200, anonymous.size());
        assertTrue(!anonymous.contains(shared));
    }

    @Test
    void errorsNearCutsAndUnterminatedLongStringsFallBackToOneThread() {
        String doc = """
                @prefix ex: <http://example.org/> .
                ex:a ex:p 1 .
                ex:b ex:p 2 ex:q .
                ex:c ex:p 3 .
                ex:d ex:p \"""never closed .
                ex:e ex:p 5 .
                ex:f ex:p 6 .
                """;
        ChunkedTurtleHarness.Reading expected = ChunkedTurtleHarness.sequential(doc, Lang.TURTLE);
        ChunkedTurtleHarness.Reading actual = ChunkedTurtleHarness.chunked(doc, Lang.TURTLE, 1, 3);
        ChunkedTurtleHarness.assertSame(expected, actual, "chunks of 1");
        assertEquals(2, expected.errors().size(), expected.errors().toString());
        assertTrue(actual.fallbackFrom() >= 0, "the long string runs past every cut after it");
    }

    /**
     * Random Turtle/TriG meant to mislead a splitter: prefixes redefined and bases changed
     * mid-file, long strings holding " ." at line ends, '#', braces and lines that look like
     * statements, comments ending in '.', labels reused far apart, nested [] and collections,
     * statements over several lines; TriG graphs of several statements. With {@code badRate}
     * above 0, some statements are replaced by bad ones of various kinds.
     */
    static final class Generator {
        private final Random random;
        private final boolean trig;
        private final double badRate;
        private final StringBuilder out = new StringBuilder();
        private int prefixVersion;

        Generator(long seed, boolean trig, double badRate) {
            this.random = new Random(seed);
            this.trig = trig;
            this.badRate = badRate;
        }

        String document(int statements) {
            out.append("@prefix ex: <http://example.org/> .\n@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n");
            out.append("PREFIX p0: <http://example.org/v0/>\n@base <http://base.example/a/> .\n");
            for (int i = 0; i < statements; i++) {
                if (random.nextDouble() < badRate) {
                    bad();
                    continue;
                }
                int kind = random.nextInt(20);
                if (kind == 0) {
                    directive();
                } else if (kind == 1) {
                    out.append(random.nextBoolean() ? "# a comment that ends like a statement .\n" : "\n   # indented .\n\n");
                } else if (trig && kind < 6) {
                    graph();
                } else {
                    statement("", true);
                }
            }
            return out.toString();
        }

        private void directive() {
            switch (random.nextInt(4)) {
                case 0 -> out.append("@prefix p0: <http://example.org/v").append(++prefixVersion).append("/> .\n");
                case 1 -> out.append("prefix p0: <v").append(++prefixVersion).append("/>\n"); // relative to the base
                case 2 -> out.append("@base <http://base.example/b").append(random.nextInt(5)).append("/> .\n");
                default -> out.append("BASE <../c").append(random.nextInt(5)).append("/>\n");
            }
        }

        private void graph() {
            String[] opens = {"GRAPH ex:g1 {\n", "<g2> {", "{\n", "_:graphLabel {\n"};
            out.append(opens[random.nextInt(opens.length)]);
            int n = 1 + random.nextInt(4);
            for (int i = 0; i < n; i++) {
                statement("  ", i == n - 1 && random.nextBoolean() ? false : true);
            }
            out.append(random.nextBoolean() ? "}\n" : "  }\n");
        }

        private void statement(String indent, boolean dot) {
            out.append(indent).append(subject()).append(' ').append(predicate()).append(' ').append(object(0));
            int more = random.nextInt(3);
            for (int i = 0; i < more; i++) {
                out.append(random.nextBoolean() ? " ;\n" + indent + "    " : " ; ").append(predicate()).append(' ').append(object(0));
                if (random.nextInt(4) == 0) {
                    out.append(" , ").append(object(0));
                }
            }
            out.append(dot ? " .\n" : "\n");
        }

        private String subject() {
            return switch (random.nextInt(6)) {
                case 0 -> "_:b" + random.nextInt(50);
                case 1 -> "[ ex:inner " + literal() + " ]";
                case 2 -> "<rel" + random.nextInt(9) + ">";
                case 3 -> "p0:s" + random.nextInt(100);
                default -> "ex:s" + random.nextInt(1000);
            };
        }

        private String predicate() {
            return random.nextInt(8) == 0 ? "a" : "ex:p" + random.nextInt(10);
        }

        private String object(int depth) {
            int k = random.nextInt(depth > 1 ? 6 : 9);
            return switch (k) {
                case 0, 1 -> literal();
                case 2 -> "_:b" + random.nextInt(50);
                case 3 -> "ex:o" + random.nextInt(100);
                case 4 -> "p0:o" + random.nextInt(10);
                case 5 -> String.valueOf(random.nextInt(1000));
                case 6 -> "[ ex:q " + object(depth + 1) + " ;\n      ex:r " + object(depth + 1) + " ]";
                case 7 -> "( " + object(depth + 1) + " " + object(depth + 1) + " [] )";
                default -> "[]";
            };
        }

        private String literal() {
            return switch (random.nextInt(7)) {
                case 0 -> "\"\"\"a long string .\nex:s1 ex:p 1 .\n<x> <y> <z> .\n# not a comment .\n}\n@prefix no: <http://no/> .\nend\"\"\"";
                case 1 -> "'''single long { .\n_:b1 ex:p '2' .\n'''@en";
                case 2 -> "\"with \\\" quote . # and hash\"";
                case 3 -> "'it\\'s' ";
                case 4 -> "\"42\"^^xsd:integer";
                case 5 -> "\"x\"@en-GB";
                default -> "\"plain " + random.nextInt(100) + "\"";
            };
        }

        private void bad() {
            String[] bads = {
                "ex:s ex:p ex:o ex:extra .\n",
                "ex:s ex:p \"unterminated .\n",
                "ex:s ex:p <http://example.org/a b> .\n",
                "nope:s ex:p 1 .\n",
                "ex:s ex:p \"abc\"^^xsd:integer .\n",
                "ex:s ex:p 1\n",
                "ex:s ex:p [ ex:q 1 .\n",
                "ex:s ex:p \"x\"@en_US .\n",
                "ex:s ex:p ] .\n",
                trig ? "}\n" : "ex:s ex:p ( 1 .\n",
                trig ? "GRAPH ex:g { ex:a ex:b ex:c .\n" : "ex:s ex:p 1 ;\n  ex:q ) ;\n  ex:r 2 .\n",
            };
            out.append(bads[random.nextInt(bads.length)]);
        }
    }

    /** The generated documents are large enough that splits happen everywhere; used by the loader-level test too. */
    static String generated(long seed, boolean trig, double badRate, int statements) {
        return new Generator(seed, trig, badRate).document(statements);
    }

    private static List<String> first(List<String> errors) {
        return errors.subList(0, Math.min(5, errors.size()));
    }
}
