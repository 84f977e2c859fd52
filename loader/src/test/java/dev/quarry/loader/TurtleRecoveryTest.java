package dev.quarry.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.store.QuadStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 10 item 6: a syntax error in Turtle/TriG is reported on the line of the bad
 * statement, the statements after it are read (from the next line where a statement can
 * safely start, prefixes carried), and the error says how many lines were skipped or not read.
 */
class TurtleRecoveryTest {
    @TempDir
    Path tmp;

    private LoadReport load(String name, String text) throws Exception {
        Path f = tmp.resolve(name);
        Files.writeString(f, text, StandardCharsets.UTF_8);
        try (QuadStore store = QuadStore.open(tmp.resolve("store-" + name))) {
            LoadReport r = BulkLoader.load(store, LoadOptions.of(f.toString()).withThreads(1));
            assertEquals(r.totalRecords(), store.stats().quads());
            return r;
        }
    }

    /** 10,000 lines: a prefix, then one statement a line; line 5000 is replaced by {@code bad}. */
    private static String tenThousandLines(String bad) {
        StringBuilder b = new StringBuilder("@prefix ex: <http://example.org/> .\n");
        for (int i = 2; i <= 10_000; i++) {
            b.append(i == 5000 ? bad : "ex:s" + i + " ex:p " + i + " .").append('\n');
        }
        return b.toString();
    }

    @Test
    void anErrorAtLine5000Of10000IsReportedThereAndTheRestIsLoaded() throws Exception {
        String[] bads = {
            "ex:s5000 ex:p 5000",             // no '.': RIOT notices it at the next line
            "ex:s5000 ex:p \"x\" \"y\" .",     // two objects
            "ex:s5000 ex:p \"unterminated .", // a string running off its line
            "ex:s5000 ex:p <http://example.org/a b> .",
            "ex:s5000 ex:p \"x\"@en_US .",
            "ex:s5000 ex:p ex:o ex:q .",
            "nope:s5000 ex:p 1 .",            // undefined prefix
        };
        for (String bad : bads) {
            LoadReport r = load("t" + Math.abs(bad.hashCode()) + ".ttl", tenThousandLines(bad));
            assertEquals(1, r.parsingErrors(), bad + ": " + r.errors());
            LoadError e = r.errors().get(0);
            assertEquals(5000, e.line(), bad + ": " + e);
            assertEquals(9998, r.totalRecords(), bad + ": " + e);
            assertTrue(!e.message().contains("skipped") && !e.message().contains("not read"), e.message());
        }
    }

    @Test
    void linesInsideABrokenMultiLineStatementAreSkippedAndCounted() throws Exception {
        String doc = """
                @prefix ex: <http://example.org/> .
                ex:a ex:p 1 .
                ex:b ex:p 2 ;
                    ex:q ) ;
                    ex:r 3 ;
                    ex:s 4 .
                ex:c ex:p 5 .
                """;
        LoadReport r = load("multi.ttl", doc);
        assertEquals(1, r.parsingErrors(), r.errors().toString());
        LoadError e = r.errors().get(0);
        assertEquals(4, e.line());
        assertTrue(e.message().contains("(2 lines skipped, reading resumed at line 7)"), e.message());
        assertEquals(2, r.totalRecords()); // ex:a and ex:c; all of ex:b's statement is dropped
    }

    @Test
    void whenNoStatementCanStartAfterTheErrorTheLinesNotReadAreCounted() throws Exception {
        String doc = """
                @prefix ex: <http://example.org/> .
                ex:a ex:p 1 .
                ex:b ex:p ) ;
                    ex:r 3 ;
                    ex:s 4 .
                """;
        LoadReport r = load("tail.ttl", doc);
        assertEquals(1, r.parsingErrors());
        String m = r.errors().get(0).message();
        assertTrue(m.contains("the last 2 lines are not read"), m);
        assertEquals(1, r.totalRecords());
    }

    @Test
    void trigResumesOnlyAfterAGraphBlockEnds() throws Exception {
        String doc = """
                @prefix ex: <http://example.org/> .
                ex:g1 {
                  ex:a ex:p 1 .
                  ex:b ex:p ) .
                  ex:c ex:p 3 .
                }
                ex:g2 {
                  ex:d ex:p 4 .
                }
                """;
        LoadReport r = load("g.trig", doc);
        assertEquals(1, r.parsingErrors(), r.errors().toString());
        assertEquals(4, r.errors().get(0).line());
        assertTrue(r.errors().get(0).message().contains("(2 lines skipped, reading resumed at line 7)"),
                r.errors().get(0).message());
        assertEquals(2, r.totalRecords()); // ex:a in g1, ex:d in g2; ex:c is not read into the wrong graph
    }
}
