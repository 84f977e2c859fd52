package dev.quarry.e2e.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.testing.ProcessTest;
import dev.quarry.store.QuadStore;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.jena.atlas.json.JSON;
import org.apache.jena.atlas.json.JsonObject;
import org.apache.jena.graph.Graph;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer.OrderAnnotation;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line as a user runs it: {@code java -jar quarry.jar} in a child process, on the
 * sample data of {@code examples/}. One store is loaded once and shared; the test that
 * empties it runs last.
 */
@TestMethodOrder(OrderAnnotation.class)
@ProcessTest
class CliEndToEndTest {
    /** Distinct quads of examples/data (also checked against RIOT below). */
    static final long SAMPLE_QUADS = 537;
    /** Statements in examples/data: two of them repeat statements of other files. */
    static final long SAMPLE_STATEMENTS = 539;
    /** Errors quarry load prints before it only counts them. */
    static final int LOG_CAP = 100;

    @TempDir
    static Path tmp;
    static QuarryCli quarry;
    static Path examples;
    static Path store;
    static QuarryCli.Run firstLoad;

    @BeforeAll
    static void loadTheSample() throws Exception {
        quarry = new QuarryCli(tmp);
        examples = QuarryCli.repo().resolve("examples");
        store = tmp.resolve("store");
        firstLoad = quarry.run("load", "--store", store.toString(), examples.resolve("data").toString());
    }

    private static String query(String file) {
        return examples.resolve("queries").resolve(file).toString();
    }

    private static long count(Path storeDir) throws Exception {
        QuarryCli.Run r = quarry.run("query", "--store", storeDir.toString(), "--file", query("count.rq"), "--format", "csv");
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals("quads", lines.get(0));
        return Long.parseLong(lines.get(1).strip());
    }

    /** A failure: the exit code, and exactly one line on stderr without a stack trace. */
    private static String failsWithOneLine(int exitCode, QuarryCli.Run r) {
        assertEquals(exitCode, r.exit(), () -> "stdout: " + r.out() + "\nstderr: " + r.err());
        assertEquals(1, r.errLines().size(), () -> "stderr should be one line:\n" + r.err());
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r.err());
        return r.errLines().get(0);
    }

    @Test
    @Order(1)
    void loadPrintsTheSummaryAndCountsMatchRiot() throws Exception {
        assertEquals(0, firstLoad.exit(), firstLoad.err());
        assertEquals("", firstLoad.err());
        String out = firstLoad.out();
        assertTrue(out.startsWith("loaded 4 feeds in "), out);
        assertTrue(out.contains("  totalRecords            " + SAMPLE_STATEMENTS + "\n"), out);
        assertTrue(out.contains("  totalDuplicates         " + (SAMPLE_STATEMENTS - SAMPLE_QUADS) + "\n"), out);
        assertTrue(out.contains("  parsingErrors           0\n"), out);
        assertTrue(out.contains("  datatypeMismatchErrors  0\n"), out);
        assertTrue(out.contains("  insertErrors            0\n"), out);
        assertTrue(out.contains("  new quads               " + SAMPLE_QUADS + "\n"), out);
        assertTrue(out.contains(" quads/s\n"), out);
        assertTrue(out.contains("  peak heap               "), out);
        assertTrue(out.contains(", " + SAMPLE_QUADS + " quads\n"), out);

        // The oracle: RIOT reads the same files into an in-memory dataset.
        DatasetGraph riot = DatasetGraphFactory.createGeneral();
        try (var files = Files.list(examples.resolve("data"))) {
            for (Path f : files.toList()) {
                RDFDataMgr.read(riot, f.toString());
            }
        }
        assertEquals(SAMPLE_QUADS, riot.stream().count());
        assertEquals(SAMPLE_QUADS, count(store));
    }

    @Test
    @Order(2)
    void selectFormats() throws Exception {
        String perGraph = query("quads-per-graph.rq");
        QuarryCli.Run table = quarry.run("query", "--store", store.toString(), "--file", perGraph);
        assertEquals(0, table.exit(), table.err());
        assertTrue(table.out().contains("| <http://example.org/graph/books>   | \"Books\"@en          | 162   |"), table.out());

        QuarryCli.Run csv = quarry.run("query", "--store", store.toString(), "-f", perGraph, "--format", "csv");
        assertEquals(List.of("graph,title,quads", "http://example.org/graph/authors,Authors,114",
                "http://example.org/graph/books,Books,162", "http://example.org/graph/loans,Loans,109",
                "http://example.org/graph/reviews,Reader reviews,96"), csv.out().lines().toList());

        QuarryCli.Run tsv = quarry.run("query", "--store", store.toString(), "-f", perGraph, "--format", "TSV");
        assertEquals("?graph\t?title\t?quads", tsv.out().lines().findFirst().orElseThrow());
        assertTrue(tsv.out().contains("<http://example.org/graph/loans>\t\"Loans\"@en\t109"), tsv.out());

        QuarryCli.Run json = quarry.run("query", "--store", store.toString(), "-f", perGraph, "--format", "json");
        assertTrue(json.out().contains("\"vars\"") && json.out().contains("\"value\": \"109\""), json.out());

        QuarryCli.Run xml = quarry.run("query", "--store", store.toString(), "-f", perGraph, "--format", "xml");
        assertTrue(xml.out().contains("<literal datatype=\"http://www.w3.org/2001/XMLSchema#integer\">109</literal>"), xml.out());
    }

    @Test
    @Order(2)
    void explainPrintsTheExecutedPlanWithIndexesAndActualRows() throws Exception {
        QuarryCli.Run plan = quarry.run("query", "--store", store.toString(), "--explain", "-f", query("who-wrote-what.rq"));
        assertEquals(0, plan.exit(), plan.err());
        assertTrue(plan.out().startsWith("engine: id-level"), plan.out());
        assertTrue(plan.out().contains("<http://schema.org/author>"), plan.out());
        assertTrue(plan.out().matches("(?s).*\\[G[SPO]{3} prefix \\d.*"), "no index and key prefix:\n" + plan.out());
        assertTrue(plan.out().matches("(?s).*\\(rows \\d+, started \\d+, [0-9.]+ ms\\).*"), "no actual rows and time:\n" + plan.out());
    }

    @Test
    @Order(3)
    void unicodeAskAndConstruct() throws Exception {
        QuarryCli.Run ru = quarry.run("query", "--store", store.toString(), "--format", "csv",
                "PREFIX s: <http://schema.org/> SELECT ?t { GRAPH ?g { ?b s:name ?t FILTER(lang(?t) = 'ru') } } ORDER BY ?t");
        assertEquals(List.of("t", "Анна Каренина", "Братья Карамазовы", "Война и мир", "Лев Толстой",
                "Преступление и наказание", "Фёдор Достоевский"), ru.out().lines().toList());

        QuarryCli.Run ask = quarry.run("query", "--store", store.toString(), "-f", query("any-russian-books.rq"), "--format", "json");
        assertTrue(ask.out().replace(" ", "").contains("\"boolean\":true"), ask.out());

        // CONSTRUCT: 25 books, each with an English title and an author name.
        QuarryCli.Run turtle = quarry.run("query", "--store", store.toString(), "-f", query("who-wrote-what.rq"));
        assertEquals(50, parse(turtle.out(), Lang.TURTLE).size());
        QuarryCli.Run nt = quarry.run("query", "--store", store.toString(), "-f", query("who-wrote-what.rq"), "--format", "ntriples");
        assertEquals(50, nt.out().lines().count());
        assertTrue(parse(turtle.out(), Lang.TURTLE).isIsomorphicWith(parse(nt.out(), Lang.NTRIPLES)));
    }

    private static Graph parse(String text, Lang lang) {
        return RDFParser.source(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8))).lang(lang).toGraph();
    }

    @Test
    @Order(4)
    void statsAndVerify() throws Exception {
        QuarryCli.Run stats = quarry.run("stats", "--store", store.toString());
        assertEquals(0, stats.exit(), stats.err());
        assertTrue(stats.out().contains("quads        " + SAMPLE_QUADS + "\n"), stats.out());
        assertTrue(stats.out().contains("graphs       5\n"), stats.out());
        assertTrue(stats.out().contains("           162  <http://example.org/graph/books>\n"), stats.out());
        assertTrue(stats.out().contains("            56  (default graph)\n"), stats.out());

        QuarryCli.Run verify = quarry.run("verify", "--store", store.toString());
        assertEquals(0, verify.exit(), verify.err());
        assertTrue(verify.out().startsWith("ok: " + SAMPLE_QUADS + " quads"), verify.out());
    }

    @Test
    @Order(5)
    void withFailOnErrorMalformedDataFailsWithItsPositionAndLoadsNothing() throws Exception {
        Path good = tmp.resolve("good.nq");
        Files.writeString(good, "<http://ex.org/new> <http://ex.org/p> \"would be added\" .\n");
        Path bad = tmp.resolve("bad.nq");
        Files.writeString(bad, "<http://ex.org/x> <http://ex.org/p> \"fine\" .\n<http://ex.org/x> \"literal\" \"o\" .\n");
        Path report = tmp.resolve("failed-report.json");
        String line = failsWithOneLine(1, quarry.run("load", "--store", store.toString(), "--fail-on-error",
                "--report", report.toString(), good.toString(), bad.toString()));
        assertTrue(line.startsWith(bad + ":2:19: "), line);
        assertEquals(SAMPLE_QUADS, count(store));
        JsonObject json = JSON.read(report.toString()); // --report is written on failure too
        assertEquals("FAILED", json.getString("status"));
        assertTrue(json.getString("message").startsWith(bad + ":2:19: "), json.toString());
        assertEquals(1, json.get("errors").getAsArray().size());
    }

    @Test
    @Order(5)
    void aLoadOfWhichNothingIsLoadedExitsWithStatusThree() throws Exception {
        Path quads = tmp.resolve("quads.nq");
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            b.append("<http://ex.org/s").append(i).append("> <http://ex.org/p> \"o\" <http://ex.org/g> .\n");
        }
        Files.writeString(quads, b);
        QuarryCli.Run r = quarry.run("load", "--store", tmp.resolve("nt-store").toString(), "--format", "ntriples",
                quads.toString());
        assertEquals(3, r.exit(), r.err());
        assertEquals("nothing was loaded: 500 bad statements not loaded (exit status 3)", r.errLines().getLast());
    }

    @Test
    @Order(5)
    void withoutFailOnErrorBadStatementsAreSkippedCountedPrintedAndReported() throws Exception {
        Path bad = tmp.resolve("lenient.nq");
        StringBuilder b = new StringBuilder("<http://ex.org/x> <http://ex.org/p> \"fine\" .\n");
        for (int i = 0; i < LOG_CAP + 5; i++) {
            b.append("<http://ex.org/x> \"literal\" \"o\" .\n");
        }
        b.append("<http://ex.org/y> <http://ex.org/p> \"also fine\" .\n");
        Files.writeString(bad, b);
        Path lenient = tmp.resolve("lenient-store");
        Path report = tmp.resolve("lenient-report.json");
        Path timeline = tmp.resolve("lenient-timeline.tsv");
        QuarryCli.Run r = quarry.run("load", "--store", lenient.toString(), "--report", report.toString(),
                "--timeline", timeline.toString(), "--threads", "2", "--memory", "64m", bad.toString());
        assertEquals(3, r.exit(), r.err()); // committed, but statements were lost: not 0
        List<String> err = r.errLines();
        assertEquals(LOG_CAP + 2, err.size(), r.err());
        assertEquals("loaded with errors: " + (LOG_CAP + 5) + " bad statements not loaded (exit status 3)", err.getLast());
        assertTrue(err.get(0).startsWith(bad + ":2:19: "), err.get(0));
        assertTrue(err.get(LOG_CAP).startsWith("... and 5 more errors"), err.get(LOG_CAP));
        assertTrue(r.out().contains("  parsingErrors           " + (LOG_CAP + 5) + "\n"), r.out());
        assertEquals(2, count(lenient));

        JsonObject json = JSON.read(report.toString());
        assertEquals(2, json.getNumber("totalRecords").longValue());
        assertEquals(LOG_CAP + 5, json.getNumber("parsingErrors").longValue());
        assertEquals(0, json.getNumber("totalDuplicates").longValue());
        assertEquals(LOG_CAP + 5, json.get("errors").getAsArray().size());
        JsonObject first = json.get("errors").getAsArray().getFirst().getAsObject();
        assertEquals("PARSING", first.getString("kind"));
        assertEquals(2, first.getNumber("line").longValue());
        assertEquals(19, first.getNumber("column").longValue());

        List<String> rows = Files.readAllLines(timeline);
        assertEquals("elapsed_ms\tphase\tinput_bytes\tquads\terrors\theap_bytes\tcpu_ms", rows.getFirst());
        List<String> last = List.of(rows.getLast().split("\t"));
        assertEquals(List.of("done", String.valueOf(Files.size(bad)), "2", String.valueOf(LOG_CAP + 5)),
                last.subList(1, 5), rows.toString());
    }

    @Test
    @Order(5)
    void resumeSkipsTheFeedsAlreadyLoaded() throws Exception {
        QuarryCli.Run r = quarry.run("load", "--store", store.toString(), "--mode", "RESUME",
                examples.resolve("data").toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("loaded 0 feeds in "), r.out());
        assertTrue(r.out().contains("  skipped (RESUME)        4 feeds\n"), r.out());
        assertEquals(SAMPLE_QUADS, count(store));
    }

    @Test
    @Order(5)
    void resumeCommitsFileByFileIntoAFreshStore() throws Exception {
        Path resumed = tmp.resolve("resumed");
        QuarryCli.Run r = quarry.run("load", "--store", resumed.toString(), "--mode", "RESUME", "--commit-size", "1",
                examples.resolve("data").toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("  commits (RESUME)        4\n"), r.out());
        assertEquals(SAMPLE_QUADS, count(resumed));
    }

    @Test
    @Order(5)
    void archiveEntryOfUnknownFormatIsSkippedWithAWarning() throws Exception {
        Path zip = tmp.resolve("with-readme.zip");
        try (var out = new java.util.zip.ZipOutputStream(Files.newOutputStream(zip))) {
            out.putNextEntry(new java.util.zip.ZipEntry("README"));
            out.write("not RDF\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.putNextEntry(new java.util.zip.ZipEntry("a.nt"));
            out.write("<http://ex.org/a> <http://ex.org/b> <http://ex.org/c> .\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        Path s = tmp.resolve("zipped");
        // With --timeline the printer sits behind the timeline's recorder: warnings must pass through it too.
        QuarryCli.Run r = quarry.run("load", "--store", s.toString(), "--timeline", tmp.resolve("zipped.tsv").toString(),
                zip.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals(List.of("warning: skipped " + zip + "!/README: its name tells no RDF format"),
                r.errLines());
        assertTrue(r.out().contains("  skipped entries         1 (format unknown; see the warnings)\n"), r.out());
        assertEquals(1, count(s));
    }

    @Test
    @Order(6)
    void badInputGivesOneLineAndANonZeroExit() throws Exception {
        String s = store.toString();
        assertTrue(failsWithOneLine(1, quarry.run("load", "--store", s, tmp.resolve("missing.nq").toString()))
                .endsWith("missing.nq: no such file or directory"));
        assertTrue(failsWithOneLine(2, quarry.run("load", "--store", s, "--format", "nosuch", examples.resolve("data").toString()))
                .contains("unknown format 'nosuch'"));
        Path txt = Files.writeString(tmp.resolve("data.txt"), "<http://ex.org/a> <http://ex.org/b> <http://ex.org/c> .\n");
        assertTrue(failsWithOneLine(1, quarry.run("load", "--store", s, txt.toString())).contains("give --format"));

        String bad = failsWithOneLine(1, quarry.run("query", "--store", s, "SELECT * WHERE {\n  ?s ?p \n}"));
        assertTrue(bad.startsWith("query:3:1: "), bad);
        Path badFile = Files.writeString(tmp.resolve("bad.rq"), "SELECT ?x\nWHERE { ?x ?y ?z ");
        assertTrue(failsWithOneLine(1, quarry.run("query", "--store", s, "--file", badFile.toString()))
                .startsWith(badFile + ":2:"));
        assertTrue(failsWithOneLine(1, quarry.run("update", "--store", s, "INSERT DATA { <a> }")).startsWith("update:1:"));

        Path foreign = Files.createDirectories(tmp.resolve("foreign"));
        Files.writeString(foreign.resolve("notes.txt"), "not a store");
        assertTrue(failsWithOneLine(1, quarry.run("stats", "--store", foreign.toString())).contains("is not a Quarry store"));
        assertTrue(failsWithOneLine(1, quarry.run("query", "--store", tmp.resolve("nothing").toString(), "ASK {}"))
                .contains("no Quarry store there"));
        assertFalse(Files.exists(tmp.resolve("nothing")), "a read command must not create a store");

        assertTrue(failsWithOneLine(2, quarry.run("nosuchcommand")).contains("nosuchcommand"));
        assertTrue(failsWithOneLine(2, quarry.run("query", "--store", s)).contains("either as an argument or with --file"));
        assertTrue(failsWithOneLine(2, quarry.run("load", "--store", s, "--graph", "relative", txt.toString()))
                .contains("absolute IRI"));
    }

    @Test
    @Order(7)
    void lockedStoreIsRefused() throws Exception {
        Path locked = tmp.resolve("locked");
        try (QuadStore held = QuadStore.open(locked)) {
            String line = failsWithOneLine(1, quarry.run("stats", "--store", locked.toString()));
            assertTrue(line.contains("in use by another process"), line);
        }
    }

    @Test
    @Order(8)
    void updateRoutesDropAllToTheFastPath() throws Exception {
        // Also --format (a file name that tells nothing) and --graph (triples into a named graph).
        Path small = tmp.resolve("small");
        Path txt = Files.copy(examples.resolve("data/vocabulary.ttl"), tmp.resolve("vocabulary.txt"));
        QuarryCli.Run load = quarry.run("load", "--store", small.toString(), "--format", "turtle",
                "--graph", "http://example.org/g", txt.toString());
        assertEquals(0, load.exit(), load.err());
        long before = count(small);
        assertEquals(41, before);
        QuarryCli.Run inGraph = quarry.run("query", "--store", small.toString(), "--format", "tsv",
                "SELECT (COUNT(*) AS ?n) { GRAPH <http://example.org/g> { ?s ?p ?o } }");
        assertEquals(List.of("?n", "41"), inGraph.out().lines().toList());
        QuarryCli.Run insert = quarry.run("update", "--store", small.toString(),
                "INSERT DATA { GRAPH <http://ex.org/g> { <http://ex.org/a> <http://ex.org/p> 'x' } }");
        assertEquals(0, insert.exit(), insert.err());
        assertTrue(insert.out().startsWith("update: 1 operation in "), insert.out());
        assertEquals(before + 1, count(small));

        QuarryCli.Run drop = quarry.run("update", "--store", small.toString(), "DROP ALL");
        assertEquals(0, drop.exit(), drop.err());
        assertTrue(drop.out().contains("(1 by the store's fast DROP ALL); quads " + (before + 1) + " -> 0"), drop.out());
        assertEquals(0, count(small));
    }

    @Test
    @Order(9)
    void helpAndVersion() throws Exception {
        QuarryCli.Run none = quarry.run();
        assertEquals(2, none.exit());
        assertTrue(none.err().startsWith("Usage: quarry "), none.err());
        QuarryCli.Run help = quarry.run("--help");
        assertEquals(0, help.exit());
        for (String command : List.of("load", "query", "update", "stats", "drop-all", "backup", "verify", "demo", "serve")) {
            assertTrue(help.out().contains("\n  " + command + " "), command);
        }
        assertTrue(help.out().contains("Exit codes:"), help.out());
        QuarryCli.Run loadHelp = quarry.run("load", "--help");
        assertEquals(0, loadHelp.exit());
        assertTrue(loadHelp.out().startsWith("Usage: quarry load "), loadHelp.out());
        assertTrue(loadHelp.out().contains("--commit-size=SIZE"), loadHelp.out());
        QuarryCli.Run version = quarry.run("serve", "--version");
        assertEquals(0, version.exit());
        assertTrue(version.out().startsWith("quarry "), version.out());
    }

    @Test
    @Order(10)
    void demoLoadsCountsAndQueries() throws Exception {
        QuarryCli.Run demo = quarry.run("demo");
        assertEquals(0, demo.exit(), demo.err());
        assertEquals("", demo.err());
        assertTrue(demo.out().contains("  new quads               " + SAMPLE_QUADS + "\n"), demo.out());
        assertTrue(demo.out().contains("| " + SAMPLE_QUADS + "   |"), demo.out());
        assertTrue(demo.out().contains("SPARQL COUNT: " + SAMPLE_QUADS + " quads, as the store's statistics say."), demo.out());
        assertTrue(demo.out().contains("\"Crime and Punishment\"@en | \"Fyodor Dostoevsky\""), demo.out());
    }

    @Test
    @Order(100)
    void dropAllEmptiesTheStoreAndItStaysValid() throws Exception {
        QuarryCli.Run drop = quarry.run("drop-all", "--store", store.toString());
        assertEquals(0, drop.exit(), drop.err());
        assertTrue(drop.out().startsWith("dropped " + SAMPLE_QUADS + " quads in "), drop.out());
        assertEquals(0, count(store));
        QuarryCli.Run verify = quarry.run("verify", "--store", store.toString());
        assertEquals(0, verify.exit(), verify.out() + verify.err());
        assertTrue(verify.out().startsWith("ok: 0 quads"), verify.out());
    }
}
