package dev.quarry.loader.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.jena.graph.Node;
import org.apache.jena.riot.Lang;
import org.junit.jupiter.api.Test;

/**
 * The byte-level Turtle reader ({@link TurtleBytesParser}) against RIOT: where it takes a
 * text it gives exactly RIOT's statements (and ending, and prologue), and a document read in
 * chunks with it gives the same statements and errors as RIOT reading the document on one
 * thread, for generated documents that mix its subset with everything it leaves to RIOT.
 * (The W3C files: {@code TurtleBytesParserConformanceTest}.)
 */
class TurtleBytesParserTest {
    private static final int[] CHUNK_SIZES = {1, 97, 1024, 16 << 10};

    @Test
    void theSubsetIsReadAsRiotReadsIt() {
        String doc = """
                @prefix ex: <http://example.org/> .
                @prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
                PREFIX e2: <http://example.org/two#>
                ex:s a ex:C ; ex:p "x" , "y"@EN-us , "\\u00e9\\U0001F600 \\"q\\" \\n" , "caf\u00e9 \uD83D\uDE00" ;
                    ex:n 1 , -2 , +3 , 4.5 , -.5e3 , 1e10 , 2.5E-3 , true , false ;
                    ex:d "2000-07-04"^^xsd:date , "x"^^<http://example.org/dt> , "7"^^xsd:integer ;;
                    e2:x.y e2:a.b.
                _:b1 ex:p _:b-2.c , ex:: , ex:123 , ex:a:b .
                <http://example.org/s2> <http://example.org/p> <http://example.org/o#f> .
                ex:t ex:p 5.
                ex:t ex:p "z"@de-CH-1996.
                ex:t ex:p ex:o ; .
                """;
        // (-.5e3 starts with '-' then '.': left to RIOT; the rest without it must be taken)
        assertNull(bytes(doc), "a number starting with '.' is RIOT's");
        String taken = doc.replace("-.5e3 , ", "");
        TurtleChunkParser.Parsed p = assertSameAsRiot(taken, Lang.TURTLE);
        assertTrue(p.atStatementEnd());
        assertEquals("http://example.org/two#", p.end().prefixes().get("e2"));
    }

    @Test
    void outsideTheSubsetRiotReadsTheChunk() {
        String prefix = "@prefix ex: <http://example.org/> .\n";
        for (String outside : List.of("@base <http://b/> .", "BASE <http://b/>", "<rel> ex:p 1 .", "ex:s ex:p [ ex:q 1 ] .",
                "ex:s ex:p ( 1 ) .", "ex:s ex:p '''x''' .", "ex:s ex:p 'x' .", "ex:s ex:p \"\"\"x\"\"\" .",
                "ex:s ex:p ex:a\\-b .", "ex:s ex:p ex:%41 .", "ex:s ex:p ex:caf\u00e9 .", "nope:s ex:p 1 .",
                "ex:s ex:p \"abc\"^^ex:integer , \"abc\"^^<http://www.w3.org/2001/XMLSchema#integer> .",
                "ex:s ex:p \"x\"@en_US .", "ex:s ex:p \"x\"@en--ltr .", "ex:s ex:p 1 ex:q .", "ex:s ex:p 1",
                "ex:s ex:p \"unterminated .", "ex:s ex:p <http://example.org/a b> .", "ex:s ex:p <urn:x:y> .",
                "ex:s ex:p <http://example.org/a/../b> .", "ex:s ex:p <http://example.org/{x}> .", "ex:s ex:p <<( ex:a ex:b ex:c )>> .", "VERSION \"1.2\"",
                "ex:s ex:p \"x\"^^<http://www.w3.org/1999/02/22-rdf-syntax-ns#langString> .", "ex:s ex:p 1.e5 .",
                "ex:g { ex:s ex:p 1 . }", "GRAPH ex:g { ex:s ex:p 1 . }", "ex:s ex:p 1 .\n# caf\u00e9 \u0000 ok\n"
                        .replace("\u00e9", "\u00e9").substring(0, 13) + "\"\t\u0001\" .")) {
            assertNull(bytes(prefix + outside + "\n"), outside);
        }
        byte[] badUtf8 = (prefix + "ex:s ex:p 1 . # x\n").getBytes(StandardCharsets.UTF_8);
        badUtf8[badUtf8.length - 2] = (byte) 0xFF;
        assertNull(new TurtleBytesParser().parse(badUtf8, 0, badUtf8.length, false, java.util.Map.of(),
                ChunkedTurtleHarness.SCOPE, new TurtleTape()), "a comment that is not UTF-8");
    }

    @Test
    void trigGraphBlocksAreReadAsRiotReadsThem() {
        TurtleChunkParser.Parsed p = assertSameAsRiot("""
                PREFIX ex: <http://example.org/>
                ex:a ex:b ex:c .
                { ex:d ex:e 1 . ex:f ex:g "x"@en }
                GRAPH ex:g1 { ex:s ex:p ex:o ; ex:q 2 , 3 . }
                <http://example.org/g2> {ex:s a ex:C}
                _:g3 { _:g3 ex:p ex:o ; }
                ex:g4{}
                """, Lang.TRIG);
        assertTrue(p.atStatementEnd());
        assertNull(new TurtleChunkParser(Lang.TURTLE, ChunkedTurtleHarness.SCOPE).parseBytes(
                chunk("@prefix ex: <http://example.org/> .\n{ ex:d ex:e 1 }\n")), "no graphs in Turtle");
        for (String outside : List.of("GRAPH ex:g ex:p ex:o .", "ex:g { ex:s ex:p ex:o } .", "[] { ex:s ex:p 1 }",
                "{ ex:s ex:p 1 . . }", "graph ex:g { ex:s ex:p 1 }", "ex:g { ex:s ex:p 1 ")) {
            assertNull(new TurtleChunkParser(Lang.TRIG, ChunkedTurtleHarness.SCOPE).parseBytes(
                    chunk("@prefix ex: <http://example.org/> .\n" + outside + "\n")), outside);
        }
    }

    @Test
    void aPrefixDirectiveWithoutADotIsNoStatementEnd() {
        TurtleChunkParser.Parsed p = assertSameAsRiot("PREFIX ex: <http://example.org/>\n", Lang.TURTLE);
        assertTrue(!p.atStatementEnd());
        assertSameAsRiot("PREFIX ex: <http://example.org/>\nex:a ex:b ex:c .\n", Lang.TURTLE);
        assertSameAsRiot("# nothing\n\n", Lang.TRIG);
    }

    @Test
    void generatedDocumentsReadInChunksGiveRiotsStatementsAndErrors() {
        long taken = 0, chunks = 0;
        for (int seed = 0; seed < 8; seed++) {
            boolean trig = seed % 4 == 3;
            Lang lang = trig ? Lang.TRIG : Lang.TURTLE;
            double outside = seed % 2 == 0 ? 0.002 : 0.05;
            String doc = new Generator(seed, outside, seed >= 4 ? 0.01 : 0, trig).document(4000);
            ChunkedTurtleHarness.Reading expected = ChunkedTurtleHarness.sequential(doc, lang);
            assertTrue(expected.statements().size() > 8000, "statements: " + expected.statements().size());
            for (int size : CHUNK_SIZES) {
                ChunkedTurtleHarness.Reading actual = ChunkedTurtleHarness.chunked(doc, lang, size, 3);
                ChunkedTurtleHarness.assertSame(expected, actual, "seed " + seed + ", chunks of " + size);
                if (seed < 4 && seed % 2 == 0) { // rarely outside the subset, no errors
                    // (chunks after one read on one thread with the rest, see TurtleChunkOrder, are not counted)
                    taken += actual.bytesParsed();
                    chunks += actual.fallbackFrom() < 0 ? actual.chunks() : actual.fallbackFrom() + 1;
                }
            }
        }
        assertTrue(taken > chunks * 3 / 4, "the byte reader took " + taken + " of " + chunks + " chunks");
    }

    @Test
    void aCleanDocumentIsReadByTheByteReaderAlone() {
        for (Lang lang : List.of(Lang.TURTLE, Lang.TRIG)) {
            String doc = new Generator(99, 0, 0, lang == Lang.TRIG).document(5000);
            ChunkedTurtleHarness.Reading expected = ChunkedTurtleHarness.sequential(doc, lang);
            ChunkedTurtleHarness.Reading actual = ChunkedTurtleHarness.chunked(doc, lang, 4096, 3);
            ChunkedTurtleHarness.assertSame(expected, actual, "clean " + lang.getLabel());
            assertEquals(actual.chunks(), actual.bytesParsed(), lang.getLabel() + ": every chunk read by the byte reader;"
                    + " fell back at " + actual.fallbackFrom() + ": " + actual.why());
        }
    }

    @Test
    void aTapeReusedForTheNextChunkHoldsOnlyThatChunk() {
        // One parser, chunks one after the other: each chunk's tape is emptied and reused once
        // its statements are sent on, so the second and third are read into the first one's.
        TurtleChunkParser parser = new TurtleChunkParser(Lang.TURTLE, ChunkedTurtleHarness.SCOPE);
        String prefix = "@prefix ex: <http://example.org/> .\n";
        List<String> docs = List.of(
                prefix + "ex:a ex:p \"long text\"@en-GB, 1, 2.5, ex:b ; ex:q ex:c .\n".repeat(200),
                prefix + "ex:s ex:p \"x\"@fr .\n",
                prefix + "ex:t ex:r \"2024-01-31\"^^<http://www.w3.org/2001/XMLSchema#date>, _:b1 .\n");
        for (String doc : docs) {
            TurtleChunk c = chunk(doc);
            assertSameReading(parser.parseWithRiot(c), parser.parseBytes(c), doc.substring(0, Math.min(80, doc.length())));
        }
    }

    /** The byte reader's reading of {@code doc} as one chunk (null: left to RIOT). */
    private static TurtleChunkParser.Parsed bytes(String doc) {
        return new TurtleChunkParser(Lang.TURTLE, ChunkedTurtleHarness.SCOPE).parseBytes(chunk(doc));
    }

    private static TurtleChunk chunk(String doc) {
        byte[] b = doc.getBytes(StandardCharsets.UTF_8);
        return new TurtleChunk(b, 0, b.length, 1, 0, true, Prologue.initial(null));
    }

    /** Asserts the byte reader takes {@code doc} and reads it as RIOT reads it: statements, ending, prologue. */
    static TurtleChunkParser.Parsed assertSameAsRiot(String doc, Lang lang) {
        TurtleChunkParser parser = new TurtleChunkParser(lang, ChunkedTurtleHarness.SCOPE);
        TurtleChunk c = chunk(doc);
        TurtleChunkParser.Parsed fast = parser.parseBytes(c);
        assertNotNull(fast, "the byte reader takes it: " + doc);
        assertSameReading(parser.parseWithRiot(c), fast, doc);
        return fast;
    }

    /** The two readings of one chunk agree exactly (blank nodes too: they are the document's labels). */
    static void assertSameReading(TurtleChunkParser.Parsed riot, TurtleChunkParser.Parsed fast, String what) {
        List<String> errors = new ArrayList<>();
        riot.reportErrors(ChunkedTurtleHarness.collect(errors));
        assertEquals(List.of(), errors, what + ": RIOT reports errors in what the byte reader took");
        assertEquals(statements(riot), statements(fast), what);
        assertEquals(riot.atStatementEnd(), fast.atStatementEnd(), what + ": at statement end");
        assertEquals(riot.end(), fast.end(), what + ": prologue at the end");
    }

    private static List<List<Node>> statements(TurtleChunkParser.Parsed p) {
        List<List<Node>> out = new ArrayList<>();
        p.emit((s, pr, o, g) -> out.add(java.util.Arrays.asList(s, pr, o, g)));
        return out;
    }

    /**
     * Random Turtle/TriG, mostly the byte reader's subset: prefixes redeclared (both forms),
     * statements over lines, every shorthand number and boolean, language tags in any case,
     * datatypes (some values ill-typed), unicode as UTF-8 and as escapes, blank node labels,
     * names ending before a '.'; at rate {@code outside}, constructs it leaves to RIOT ([],
     * collections, long strings, @base and relative IRIs, escaped names, graph blocks); at
     * rate {@code bad}, statements RIOT rejects.
     */
    static final class Generator {
        private final Random random;
        private final double outside;
        private final double bad;
        private final boolean trig;
        private final StringBuilder out = new StringBuilder();
        private int version;

        /** With {@code trig}, graph blocks of every form too. */
        Generator(long seed, double outside, double bad, boolean trig) {
            this.random = new Random(seed);
            this.outside = outside;
            this.bad = bad;
            this.trig = trig;
        }

        String document(int statements) {
            out.append("@prefix ex: <http://example.org/> .\n@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n");
            out.append("PREFIX p0: <http://example.org/v0/>\n@prefix : <http://example.org/empty#> .\n");
            for (int i = 0; i < statements; i++) {
                double r = random.nextDouble();
                if (r < bad) {
                    out.append('\n').append(pick("ex:s ex:p ex:o ex:extra .\n", "ex:s ex:p \"unterminated .\n", "nope:s ex:p 1 .\n",
                            "ex:s ex:p \"abc\"^^xsd:integer .\n", "ex:s ex:p \"2000-13-45\"^^xsd:date .\n",
                            "ex:s ex:p 1\n", "ex:s ex:p \"x\"@en_US .\n", "ex:s ex:p <http://example.org/a b> .\n",
                            "ex:s ex:p <http://example.org/\\u0020> .\n", "ex:s ex:p ex:o . .\n"));
                } else if (r < bad + outside) {
                    out.append('\n').append(pick("ex:s ex:p [ ex:q 1 ] .\n", "ex:s ex:p ( 1 \"a\" ) .\n",
                            "ex:s ex:p \"\"\"long .\nex:x ex:y 1 .\n\"\"\" .\n", "ex:s ex:p 'single' .\n",
                            "@base <http://base.example/b/> .\n<rel> ex:p 1 .\n", "ex:s ex:p ex:a\\-b .\n",
                            "ex:s ex:p ex:caf\u00e9 .\n", "<g> { ex:s ex:p 1 . }\n", "GRAPH ex:g { ex:s ex:p 2 }\n"));
                } else if (random.nextInt(30) == 0) {
                    directive();
                } else if (random.nextInt(40) == 0) {
                    out.append(random.nextBoolean() ? "# a comment, caf\u00e9 .\n" : "\n   # indented .\n\n");
                } else if (trig && random.nextInt(5) == 0) {
                    out.append(pick("{\n", "GRAPH ex:g1 {\n", "<http://example.org/g2> {", "_:g3 {\n", "ex:g4{", "p0:g5 { "));
                    int n = random.nextInt(4);
                    for (int k = 0; k < n; k++) {
                        statement(k < n - 1 || random.nextBoolean());
                    }
                    out.append(pick("}\n", "  }\n", "}"));
                } else {
                    statement(true);
                }
            }
            return out.toString();
        }

        private void directive() {
            String ns = "<http://example.org/v" + ++version + "/>";
            // (on a line of its own: the chunker predicts prefixes from directives at line starts)
            out.append(random.nextBoolean() ? "\n@prefix p0: " + ns + " .\n" : "\nPREFIX p0: " + ns + "\n");
        }

        /** A statement; without {@code dot}, the last of a graph block, with no '.' or ';' after it. */
        private void statement(boolean dot) {
            out.append(subject()).append(random.nextBoolean() ? " " : "\n    ").append(predicate()).append(' ').append(object());
            int more = random.nextInt(4);
            for (int i = 0; i < more; i++) {
                out.append(random.nextBoolean() ? " ;\n    " : " ; ").append(predicate()).append(' ').append(object());
                if (random.nextInt(4) == 0) {
                    out.append(random.nextBoolean() ? " , " : ",").append(object());
                }
            }
            out.append(dot ? pick(" .\n", ".\n", " ;\n.\n", " ; .\n", ". ", " .\n\n") : pick("\n", " ", " ;\n"));
        }

        private String subject() {
            return switch (random.nextInt(6)) {
                case 0 -> "_:b" + random.nextInt(50);
                case 1 -> "<http://example.org/r/" + random.nextInt(100) + ">";
                case 2 -> "p0:s" + random.nextInt(100);
                case 3 -> ":e" + random.nextInt(9);
                default -> "ex:s" + random.nextInt(1000);
            };
        }

        private String predicate() {
            return random.nextInt(6) == 0 ? "a" : random.nextInt(9) == 0 ? "<http://example.org/q>" : "ex:p" + random.nextInt(10);
        }

        private String object() {
            return switch (random.nextInt(12)) {
                case 0 -> "_:b" + random.nextInt(50) + pick("", ".x", "-y");
                case 1 -> "ex:o" + random.nextInt(100) + pick("", ".z", ":w", "_");
                case 2 -> "p0:o" + random.nextInt(10);
                case 3 -> number();
                case 4 -> pick("true", "false");
                case 5 -> "\"" + text() + "\"@" + pick("en", "EN-us", "en-US", "de-CH-1996", "fr", "zh-Hant-TW");
                case 6 -> typed();
                case 7 -> random.nextInt(10) > 0 ? "<http://example.org/o/" + random.nextInt(100) + pick("", "#f", "?q=1") + ">"
                        : random.nextDouble() < bad * 10 ? pick("<https://example.org/a/./b>", "<HTTP://EXAMPLE.ORG/>",
                                "<http://example.org/a%20b>", "<http://user@example.org/>", "<http://example.org/x#y#z>",
                                "<http://example.org/%7e>")
                        : pick("<http://www.Producer" + random.nextInt(9) + ".com/>", "<http://example.org:8080/x>",
                                "<mailto:a@example.org>", "<urn:isbn:0451450523>", "<file:///tmp/x>");
                default -> "\"" + text() + "\"";
            };
        }

        private String number() {
            String sign = pick("", "", "+", "-");
            return switch (random.nextInt(5)) {
                case 0 -> sign + random.nextInt(100000);
                case 1 -> sign + random.nextInt(1000) + "." + random.nextInt(1000);
                case 2 -> sign + random.nextInt(100) + pick("e", "E") + pick("", "+", "-") + random.nextInt(20);
                case 3 -> sign + random.nextInt(100) + "." + random.nextInt(100) + "e" + random.nextInt(9);
                default -> "00" + random.nextInt(9);
            };
        }

        private String typed() {
            return switch (random.nextInt(6)) {
                case 0 -> "\"" + (2000 + random.nextInt(20)) + "-0" + (1 + random.nextInt(9)) + "-" + (10 + random.nextInt(19))
                        + "\"^^xsd:date";
                case 1 -> "\"" + random.nextInt(1000) + "\"^^xsd:integer";
                case 2 -> "\"" + random.nextInt(100) + "." + random.nextInt(100) + "\"^^<http://www.w3.org/2001/XMLSchema#decimal>";
                case 3 -> "\"" + text() + "\"^^ex:custom";
                case 4 -> "\"" + text() + "\"^^xsd:string";
                default -> "\"2008-05-19T0" + random.nextInt(10) + ":00:00\"^^xsd:dateTime";
            };
        }

        private String text() {
            return pick("plain", "with space . # and hash", "caf\u00e9", "\u4e2d\u6587", "emoji \uD83D\uDE00", "tab\there",
                    "esc \\\" \\\\ \\n \\t", "\\u00e9\\U0001F600", "", "semi ; comma , dot .", "x" + random.nextInt(1000));
        }

        private String pick(String... options) {
            return options[random.nextInt(options.length)];
        }
    }
}
