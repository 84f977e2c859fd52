package dev.quarry.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.loader.testing.StoreContents;
import dev.quarry.store.QuadStore;
import dev.quarry.store.verify.StoreValidator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.RiotException;
import org.apache.jena.riot.system.ErrorHandlerFactory;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 10 item 5: a statement RIOT's strict mode rejects (bad lexical forms, bad IRIs,
 * bytes that are not UTF-8) is an error with its position, counted, and not loaded, on the
 * N-Quads byte path and on the RIOT (Turtle) path; each case is checked against RIOT.
 */
class DirtyDataTest {
    private static final String XSD = "http://www.w3.org/2001/XMLSchema#";
    private static final String GOOD = "<http://x/s> <http://x/p> <http://x/o> .";

    /** Each line is one statement RIOT's strict mode rejects; the kind says how it is counted. */
    private static final List<String[]> REJECTED = List.of(
            new String[] {"datatype", "<http://x/s> <http://x/p> \"abc\"^^<" + XSD + "integer> ."},
            new String[] {"datatype", "<http://x/s> <http://x/p> \"yes\"^^<" + XSD + "boolean> ."},
            new String[] {"datatype", "<http://x/s> <http://x/p> \"1.2.3\"^^<" + XSD + "decimal> ."},
            new String[] {"datatype", "<http://x/s> <http://x/p> \"abc\"^^<" + XSD + "double> ."},
            new String[] {"datatype", "<http://x/s> <http://x/p> \"2020-13-45\"^^<" + XSD + "date> ."},
            new String[] {"datatype", "<http://x/s> <http://x/p> \"noon\"^^<" + XSD + "dateTime> ."},
            new String[] {"datatype", "<http://x/s> <http://x/p> \"300\"^^<" + XSD + "byte> ."},
            new String[] {"parsing", "<http://x/s\"q> <http://x/p> <http://x/o> ."},
            new String[] {"parsing", "<http://x/s{q> <http://x/p> <http://x/o> ."},
            new String[] {"parsing", "<http://x/s}q> <http://x/p> <http://x/o> ."},
            new String[] {"parsing", "<http://x/s\\u0020q> <http://x/p> <http://x/o> ."},
            new String[] {"parsing", "<http://x/s%zz> <http://x/p> <http://x/o> ."},
            new String[] {"parsing", "<http://x:port/s> <http://x/p> <http://x/o> ."},
            new String[] {"parsing", "<urn:x:y> <http://x/p> <http://x/o> ."},
            new String[] {"parsing", "<http://x/s> <http://x/p> \"x\"@abcdefghi ."});

    /** Only in N-Triples/N-Quads (Turtle resolves these against the base). */
    private static final List<String> REJECTED_NQUADS_ONLY = List.of(
            "<rel> <http://x/p> <http://x/o> .",
            "<> <http://x/p> <http://x/o> .",
            "<http://x/s> <http://x/p> <http://x/o> <g> .");

    @TempDir
    Path tmp;

    @Test
    void everyStatementRiotStrictRejectsIsAnErrorAndNotLoaded_nquads() throws Exception {
        for (String[] c : REJECTED) {
            checkOne("nq", c[1], c[0]);
        }
        for (String line : REJECTED_NQUADS_ONLY) {
            checkOne("nq", line, "parsing");
        }
    }

    @Test
    void everyStatementRiotStrictRejectsIsAnErrorAndNotLoaded_turtle() throws Exception {
        for (String[] c : REJECTED) {
            checkOne("ttl", c[1], c[0]);
        }
    }

    private void checkOne(String ext, String bad, String kind) throws Exception {
        String doc = GOOD + "\n" + bad + "\n<http://x/s2> <http://x/p> <http://x/o> .\n";
        Lang lang = ext.equals("nq") ? Lang.NQUADS : Lang.TURTLE;
        assertThrows(RiotException.class, () -> RDFParser.fromString(bad, lang).strict(true)
                .errorHandler(ErrorHandlerFactory.errorHandlerStrictNoLogging).parse(DatasetGraphFactory.create()),
                "RIOT strict rejects " + bad);
        Path f = tmp.resolve("bad-" + Math.abs(bad.hashCode()) + "." + ext);
        Files.writeString(f, doc, StandardCharsets.UTF_8);
        try (QuadStore store = QuadStore.open(tmp.resolve("store-" + ext + Math.abs(bad.hashCode())))) {
            LoadReport r = BulkLoader.load(store, LoadOptions.of(f.toString()).withThreads(1));
            assertEquals(1, r.errors().size(), bad + ": " + r.errors());
            LoadError e = r.errors().get(0);
            assertEquals(2, e.line(), bad + ": " + e);
            assertTrue(e.column() > 0, bad + ": " + e);
            assertEquals(kind.equals("datatype") ? 1 : 0, r.datatypeMismatchErrors(), bad + ": " + e);
            assertEquals(kind.equals("parsing") ? 1 : 0, r.parsingErrors(), bad + ": " + e);
            assertEquals(2, store.stats().quads(), bad + ": only the two good statements are loaded");
            assertTrue(StoreValidator.validate(store).ok(), bad);
        }
    }

    /**
     * The N-Quads reader skips the check of an IRI its encoder has just encoded: a bad IRI is
     * never encoded, so each of its lines is still an error, next to IRIs that are cached.
     */
    @Test
    void aBadIriIsAnErrorEveryTimeItRecurs() throws Exception {
        String bad = "<http://x:port/o>";
        Path f = tmp.resolve("recurring.nq");
        Files.writeString(f, GOOD + "\n"
                + "<http://x/s> <http://x/p> " + bad + " .\n"
                + bad + " <http://x/p> <http://x/o> .\n"
                + "<http://x/s> <http://x/p> " + bad + " .\n"
                + "<http://x/s2> <http://x/p> <http://x/o> .\n", StandardCharsets.UTF_8);
        try (QuadStore store = QuadStore.open(tmp.resolve("store-recurring"))) {
            LoadReport r = BulkLoader.load(store, LoadOptions.of(f.toString()).withThreads(1));
            assertEquals(List.of(2L, 3L, 4L), r.errors().stream().map(e -> (long) e.line()).toList(), r.errors().toString());
            assertEquals(2, store.stats().quads());
        }
    }

    @Test
    void bytesThatAreNotUtf8AreAnErrorAtTheirPositionNotReplaced() throws Exception {
        byte[] bad = "<http://x/s> <http://x/p> \"a?b\" .".getBytes(StandardCharsets.US_ASCII);
        bad[28] = (byte) 0xFF;
        for (String ext : List.of("nq", "ttl")) {
            Path f = tmp.resolve("utf8." + ext);
            try (var out = Files.newOutputStream(f)) {
                out.write((GOOD + "\n").getBytes(StandardCharsets.US_ASCII));
                out.write(bad);
                out.write("\n<http://x/s2> <http://x/p> <http://x/o> .\n".getBytes(StandardCharsets.US_ASCII));
            }
            try (QuadStore store = QuadStore.open(tmp.resolve("store-utf8-" + ext))) {
                LoadReport r = BulkLoader.load(store, LoadOptions.of(f.toString()).withThreads(1));
                assertEquals(1, r.parsingErrors(), ext + ": " + r.errors());
                LoadError e = r.errors().get(0);
                assertEquals(2, e.line(), ext + ": " + e);
                assertEquals(29, e.column(), ext + ": " + e);
                assertTrue(e.message().contains("invalid UTF-8"), e.message());
                assertEquals(2, store.stats().quads(), ext);
            }
            try (QuadStore store = QuadStore.open(tmp.resolve("store-utf8-fail-" + ext))) {
                assertThrows(LoadException.class,
                        () -> BulkLoader.load(store, LoadOptions.of(f.toString()).withFailOnError(true)));
                assertEquals(0, store.stats().quads(), ext);
            }
        }
    }

    @Test
    void anUnderscoreInALanguageTagGetsAMessageAboutTheTag() throws Exception {
        Path f = tmp.resolve("lang.nq");
        Files.writeString(f, "<http://x/s> <http://x/p> \"x\"@en_US .\n");
        try (QuadStore store = QuadStore.open(tmp.resolve("store-lang"))) {
            LoadReport r = BulkLoader.load(store, LoadOptions.of(f.toString()));
            assertEquals(1, r.parsingErrors());
            String m = r.errors().get(0).message();
            assertTrue(m.contains("language tag") && m.contains("en_US"), m);
        }
    }
}
