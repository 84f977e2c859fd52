package dev.quarry.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.loader.progress.LoadProgress;
import dev.quarry.loader.testing.QuadGenerator;
import dev.quarry.loader.testing.StoreContents;
import dev.quarry.store.QuadStore;
import dev.quarry.store.verify.StoreValidator;
import dev.quarry.store.verify.ValidationReport;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Errors, duplicates, non-empty stores, spilling, blank node scoping, RESUME and cancellation. */
class LoadBehaviourTest {
    @TempDir
    Path tmp;

    private Path write(String name, String text) throws Exception {
        Path f = tmp.resolve(name);
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return f;
    }

    /** Collects the load's warnings. */
    private static final class Warnings implements LoadListener {
        final List<String> messages = new java.util.concurrent.CopyOnWriteArrayList<>();

        @Override
        public void warning(String message) {
            messages.add(message);
        }
    }

    private static void assertValid(QuadStore store) {
        ValidationReport v = StoreValidator.validate(store);
        assertTrue(v.ok(), v.problems().toString());
    }

    private static final String BAD = """
            <http://x/s> <http://x/p> <http://x/o1> .
            <http://x/s> <http://x/p> "abc"^^<http://www.w3.org/2001/XMLSchema#integer> .
            <http://x/s> <http://x/p> <http://x/o2>
            <http://x/s> <http://x/p> "unterminated .
            <http://x/s> <http://x/p> <http://x/o3> <http://x/g> .
            """;

    /** The merge reports how much of its files is written: a total once it starts, all of it by the commit. */
    @Test
    void theMergeReportsItsProgressUpToItsTotal() throws Exception {
        Path f = tmp.resolve("data.nq");
        try (Writer w = Files.newBufferedWriter(f)) {
            new QuadGenerator(3).write(w, 30_000);
        }
        List<LoadProgress> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (QuadStore store = QuadStore.open(tmp.resolve("s"))) {
            BulkLoader.load(store, LoadOptions.of(f.toString()), new LoadListener() {
                @Override
                public void progress(LoadProgress p) {
                    seen.add(p);
                }
            });
        }
        assertTrue(seen.stream().filter(p -> p.phase().equals("reading")).allMatch(p -> p.mergedPercent() == -1), seen.toString());
        LoadProgress committing =
                seen.stream().filter(p -> p.phase().equals("committing")).findFirst().orElseThrow();
        // every quad in the six orders (default graph and named graphs mixed: at least three), every term twice
        assertTrue(committing.mergeRecords() >= 3 * 30_000, committing.toString());
        assertEquals(committing.mergeRecords(), committing.mergedRecords(), committing.toString());
        assertEquals(100, committing.mergedPercent());
    }

    @Test
    void badStatementsAreSkippedAndCountedWithPositions() throws Exception {
        Path f = write("bad.nq", BAD);
        try (QuadStore store = QuadStore.open(tmp.resolve("s"))) {
            LoadReport r = BulkLoader.load(store, LoadOptions.of(f.toString()));
            assertEquals(2, r.totalRecords());
            assertEquals(2, r.parsingErrors());
            assertEquals(1, r.datatypeMismatchErrors());
            assertEquals(2, store.stats().quads()); // "abc"^^xsd:integer is not loaded, as RIOT's strict mode decides
            List<Long> lines = r.errors().stream().map(LoadError::line).sorted().toList();
            assertEquals(List.of(2L, 3L, 4L), lines);
            assertTrue(r.errors().stream().allMatch(e -> e.file().equals(f.toString())));
            assertEquals(1, org.apache.jena.atlas.json.JSON.parse(r.toJson()).get("datatypeMismatchErrors").getAsNumber().value().intValue());
            assertValid(store);
        }
    }

    @Test
    void failOnErrorCommitsNothing() throws Exception {
        Path f = write("bad.nq", BAD);
        try (QuadStore store = QuadStore.open(tmp.resolve("s"))) {
            LoadException e = assertThrows(LoadException.class,
                    () -> BulkLoader.load(store, LoadOptions.of(f.toString()).withFailOnError(true)));
            assertTrue(e.getMessage().startsWith(f + ":2:"), e.getMessage());
            assertEquals(0, store.stats().quads());
            assertEquals(0, StoreContents.size(StoreContents.copy(store)));
            assertTrue(isEmptyDir(store.directory().resolve("tmp")), "scratch files removed");
            assertValid(store);
        }
    }

    @Test
    void loadingIntoANonEmptyStoreReusesIdsAndCountsDuplicates() throws Exception {
        Path a = write("a.nq", "<http://x/s> <http://x/p> <http://x/o1> .\n<http://x/s> <http://x/p> \"long enough literal\" <http://x/g> .\n");
        Path b = write("b.nq", "<http://x/s> <http://x/p> <http://x/o1> .\n<http://x/s> <http://x/p> <http://x/o2> .\n"
                + "<http://x/s> <http://x/p> <http://x/o2> .\n<http://x/s> <http://x/p> \"long enough literal\" <http://x/g> .\n");
        try (QuadStore store = QuadStore.open(tmp.resolve("s"))) {
            LoadReport first = BulkLoader.load(store, LoadOptions.of(a.toString()));
            assertEquals(0, first.totalDuplicates());
            long termsBefore = store.stats().terms();
            LoadReport second = BulkLoader.load(store, LoadOptions.of(b.toString()));
            assertEquals(4, second.totalRecords());
            assertEquals(3, second.totalDuplicates()); // one repeated within b, two already in the store
            assertEquals(1, second.newQuads());
            assertEquals(1, second.newTerms()); // only <http://x/o2> is new
            assertEquals(termsBefore + 1, store.stats().terms());
            assertEquals(3, store.stats().quads());
            DatasetGraph expected = DatasetGraphFactory.createGeneral();
            expected.addAll(StoreContents.oracle(a));
            expected.addAll(StoreContents.oracle(b));
            assertTrue(StoreContents.isomorphic(expected, StoreContents.copy(store)));
            assertValid(store);
        }
    }

    @Test
    void filesOfUnknownFormatFoundInADirectoryAreSkippedButANamedOneFails() throws Exception {
        Path dir = tmp.resolve("dump");
        Files.createDirectories(dir.resolve("part"));
        Files.writeString(dir.resolve("a.nt"), "<http://x/s> <http://x/p> \"a\" .\n");
        try (Writer w = new java.io.OutputStreamWriter(new java.util.zip.GZIPOutputStream(
                Files.newOutputStream(dir.resolve("part/b.nq.gz"))), StandardCharsets.UTF_8)) {
            w.write("<http://x/s> <http://x/p> \"b\" <http://x/g> .\n");
        }
        Files.writeString(dir.resolve("README.txt"), "Dump of 2026-11-22, see LICENSE\n");
        Files.writeString(dir.resolve("part/SHA256SUMS"), "0123  b.nq.gz\n");
        Warnings listener = new Warnings();
        List<String> warnings = listener.messages;
        try (QuadStore store = QuadStore.open(tmp.resolve("s"))) {
            LoadReport r = BulkLoader.load(store, LoadOptions.of(dir.toString()), listener);
            assertEquals(2, r.entriesSkipped());
            assertEquals(2, r.feedsLoaded());
            assertEquals(0, r.parsingErrors());
            assertEquals(2, store.stats().quads());
            assertEquals(List.of("skipped " + dir.resolve("README.txt") + ": its name tells no RDF format",
                    "skipped " + dir.resolve("part/SHA256SUMS") + ": its name tells no RDF format"),
                    warnings.stream().sorted().toList());
        }
        try (QuadStore store = QuadStore.open(tmp.resolve("glob"))) {
            LoadReport r = BulkLoader.load(store, LoadOptions.of(dir + "/**"));
            assertEquals(2, r.entriesSkipped());
            assertEquals(2, store.stats().quads());
        }
        try (QuadStore store = QuadStore.open(tmp.resolve("named"))) {
            LoadException e = assertThrows(LoadException.class,
                    () -> BulkLoader.load(store, LoadOptions.of(dir.resolve("README.txt").toString())));
            assertTrue(e.getMessage().contains("cannot tell the RDF format of " + dir.resolve("README.txt")), e.getMessage());
            assertEquals(0, store.stats().quads());
        }
    }

    @Test
    void aTurtleSyntaxErrorIsReportedOnItsLineAndReadingResumesAtTheNextStatement() throws Exception {
        Path f = write("bad.ttl", "@prefix ex: <http://x/> .\nex:a ex:p 1 .\nex:b ex:p \"unterminated .\nex:c ex:p 3 .\n");
        try (QuadStore store = QuadStore.open(tmp.resolve("s"))) {
            LoadReport r = BulkLoader.load(store, LoadOptions.of(f.toString()));
            assertEquals(1, r.parsingErrors());
            assertEquals(3, r.errors().get(0).line(), r.errors().toString());
            assertEquals(2, store.stats().quads()); // ex:a, and ex:c after the error, with the prefix carried
        }
    }

    @Test
    void aTruncatedCompressedRdfXmlFileFailsTheLoadInsteadOfLoadingAShorterFile() throws Exception {
        StringBuilder xml = new StringBuilder("<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\""
                + " xmlns:ex=\"http://x/\">\n");
        for (int i = 0; i < 20_000; i++) {
            xml.append("  <rdf:Description rdf:about=\"http://x/s").append(i).append("\"><ex:p>").append(i)
                    .append("</ex:p></rdf:Description>\n");
        }
        xml.append("</rdf:RDF>\n");
        java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
        try (var out = new java.util.zip.GZIPOutputStream(gz)) {
            out.write(xml.toString().getBytes(StandardCharsets.UTF_8));
        }
        byte[] whole = gz.toByteArray();
        Path f = tmp.resolve("cut.rdf.gz");
        Files.write(f, java.util.Arrays.copyOf(whole, whole.length / 2));
        try (QuadStore store = QuadStore.open(tmp.resolve("s"))) {
            LoadException e = assertThrows(LoadException.class, () -> BulkLoader.load(store, LoadOptions.of(f.toString())));
            assertTrue(e.getMessage().contains("truncated gzip data"), e.getMessage());
            assertEquals(0, store.stats().quads());
        }
    }

    @Test
    void anRdfXmlSyntaxErrorSaysTheRestOfTheFileIsNotRead() throws Exception {
        Path f = write("bad.rdf", """
                <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:ex="http://x/">
                  <rdf:Description rdf:about="http://x/a"><ex:p>1</ex:p></rdf:Description>
                  <rdf:Description rdf:about="http://x/b"><ex:p>2</ex:q></rdf:Description>
                  <rdf:Description rdf:about="http://x/c"><ex:p>3</ex:p></rdf:Description>
                </rdf:RDF>
                """);
        try (QuadStore store = QuadStore.open(tmp.resolve("s"))) {
            LoadReport r = BulkLoader.load(store, LoadOptions.of(f.toString()));
            assertEquals(1, r.parsingErrors());
            String message = r.errors().get(0).message();
            assertTrue(message.endsWith("(the rest of this file is not read)"), message);
        }
    }

    @Test
    void aLeadingByteOrderMarkIsSkippedAsRiotSkipsIt() throws Exception {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        for (String name : List.of("bom.nq", "bom.nt")) {
            String text = "<http://x/s> <http://x/p> \"first\"" + (name.endsWith(".nq") ? " <http://x/g>" : "") + " .\r\n"
                    + "<http://x/s> <http://x/p> \"\uFEFF inside a literal stays\" .\n";
            Path f = tmp.resolve(name);
            Files.write(f, concat(bom, text.getBytes(StandardCharsets.UTF_8)));
            try (QuadStore store = QuadStore.open(tmp.resolve("s-" + name))) {
                LoadReport r = BulkLoader.load(store, LoadOptions.of(f.toString()));
                assertEquals(0, r.parsingErrors(), name + ": " + r.errors());
                assertEquals(2, store.stats().quads(), name);
                assertTrue(StoreContents.isomorphic(StoreContents.oracle(f), StoreContents.copy(store)), name);
            }
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void aSmallMemoryBudgetSpillsAndGivesTheSameResult() throws Exception {
        Path f = tmp.resolve("big.nq");
        try (Writer w = Files.newBufferedWriter(f)) {
            new QuadGenerator(11).write(w, 120_000);
        }
        try (QuadStore store = QuadStore.open(tmp.resolve("s"))) {
            LoadReport r = BulkLoader.load(store, LoadOptions.of(f.toString()).withThreads(2).withMemory(6 << 20));
            assertTrue(r.spilledRuns() > 6, "spilled runs: " + r.spilledRuns());
            DatasetGraph expected = StoreContents.oracle(f);
            DatasetGraph actual = StoreContents.copy(store);
            assertEquals(StoreContents.size(expected), StoreContents.size(actual));
            assertTrue(StoreContents.sameModuloBlankLabels(expected, actual));
            assertValid(store);
            assertTrue(isEmptyDir(store.directory().resolve("tmp")), "scratch files removed");
        }
    }

    /**
     * Terms that recur all through the file, four parse threads and a tiny budget: terms are
     * found again in the table, in the dictionary's spilled runs and in the sorted runs'
     * merge; every term must still get one id.
     */
    @Test
    void termsRecurringAcrossConcurrentSpillsKeepOneId() throws Exception {
        Path f = tmp.resolve("recurring.nt");
        java.util.Random rnd = new java.util.Random(5);
        java.util.Set<String> lines = new java.util.LinkedHashSet<>();
        while (lines.size() < 150_000) {
            int s = rnd.nextInt(20_000), o = rnd.nextInt(30_000);
            lines.add("<http://example.org/s" + s + "> <http://example.org/p" + rnd.nextInt(7) + "> \"label "
                    + o + " with some padding to fill the arena\" .");
        }
        Files.write(f, lines);
        try (QuadStore store = QuadStore.open(tmp.resolve("s"))) {
            LoadReport r = BulkLoader.load(store, LoadOptions.of(f.toString()).withThreads(4).withMemory(4 << 20));
            assertTrue(r.spilledRuns() > 6, "spilled runs: " + r.spilledRuns());
            assertEquals(lines.size(), r.newQuads());
            DatasetGraph expected = StoreContents.oracle(f);
            DatasetGraph actual = StoreContents.copy(store);
            assertEquals(StoreContents.size(expected), StoreContents.size(actual));
            assertTrue(StoreContents.sameModuloBlankLabels(expected, actual));
            assertValid(store);
        }
    }

    @Test
    void blankNodesAreScopedPerFileAndSharedAcrossChunks() throws Exception {
        StringBuilder big = new StringBuilder("_:b1 <http://x/p> \"first\" .\n");
        for (int i = 0; i < 40_000; i++) {
            big.append("<http://x/s").append(i).append("> <http://x/p> \"filler line to make several chunks\" .\n");
        }
        big.append("_:b1 <http://x/p> \"last\" .\n");
        Path one = write("one.nt", big.toString());
        Path two = write("two.nt", "_:b1 <http://x/p> \"other file\" .\n");
        try (QuadStore store = QuadStore.open(tmp.resolve("s"))) {
            BulkLoader.load(store, LoadOptions.of(one.toString(), two.toString()).withThreads(2).withMemory(8 << 20));
            BulkLoader.load(store, LoadOptions.of(two.toString()));
            DatasetGraph d = StoreContents.copy(store);
            java.util.Set<org.apache.jena.graph.Node> blanks = new java.util.HashSet<>();
            d.find().forEachRemaining(q -> {
                if (q.getSubject().isBlank()) {
                    blanks.add(q.getSubject());
                }
            });
            assertEquals(3, blanks.size(), "one node for _:b1 of one.nt (both chunks), one per load of two.nt");
        }
    }

    @Test
    void resumeSkipsFeedsAlreadyLoaded() throws Exception {
        Path a = write("a.nt", "<http://x/a> <http://x/p> <http://x/o> .\n");
        Path b = write("b.nt", "<http://x/b> <http://x/p> <http://x/o> .\n");
        try (QuadStore store = QuadStore.open(tmp.resolve("s"))) {
            BulkLoader.load(store, LoadOptions.of(a.toString()));
            LoadReport r = BulkLoader.load(store, LoadOptions.of(a.toString(), b.toString()).withMode(LoadMode.RESUME));
            assertEquals(1, r.feedsSkipped());
            assertEquals(1, r.feedsLoaded());
            assertEquals(2, store.stats().quads());
        }
    }

    @Test
    void archiveEntryOfUnknownFormatIsSkippedWithOneWarning() throws Exception {
        Path zip = tmp.resolve("data.zip");
        try (var out = new ZipArchiveOutputStream(Files.newOutputStream(zip))) {
            for (String entry : List.of("README", "data.nt")) {
                out.putArchiveEntry(new ZipArchiveEntry(entry));
                out.write("<http://x/s> <http://x/p> <http://x/o> .\n".getBytes(StandardCharsets.UTF_8));
                out.closeArchiveEntry();
            }
        }
        Warnings listener = new Warnings();
        List<String> warnings = listener.messages;
        try (QuadStore store = QuadStore.open(tmp.resolve("s"))) {
            LoadReport r = BulkLoader.load(store, LoadOptions.of(zip.toString()), listener);
            assertEquals(1, r.entriesSkipped());
            assertEquals(1, r.feedsLoaded());
            assertEquals(1, store.stats().quads());
            assertEquals(List.of("skipped " + zip + "!/README: its name tells no RDF format"), warnings);
            assertEquals(1, org.apache.jena.atlas.json.JSON.parse(r.toJson()).get("entriesSkipped").getAsNumber().value().intValue());
        }
        try (QuadStore store = QuadStore.open(tmp.resolve("given"))) {
            LoadReport r = BulkLoader.load(store, LoadOptions.of(zip.toString()).withFormat(
                    dev.quarry.loader.input.RdfFormat.NTRIPLES));
            assertEquals(0, r.entriesSkipped());
            assertEquals(2, r.feedsLoaded(), "with --format the README is read as N-Triples");
            assertEquals(1, store.stats().quads());
        }
    }

    @Test
    void cancellationCommitsNothing() throws Exception {
        Path f = tmp.resolve("c.nq");
        try (Writer w = Files.newBufferedWriter(f)) {
            new QuadGenerator(5).write(w, 50_000);
        }
        try (QuadStore store = QuadStore.open(tmp.resolve("s"))) {
            LoadListener cancelAtOnce = new LoadListener() {
                @Override
                public boolean cancelled() {
                    return true;
                }
            };
            LoadException e = assertThrows(LoadException.class,
                    () -> BulkLoader.load(store, LoadOptions.of(f.toString()), cancelAtOnce));
            assertTrue(e.getMessage().contains("cancelled"), e.getMessage());
            assertEquals(0, store.stats().quads());
            assertTrue(isEmptyDir(store.directory().resolve("tmp")));
            try (var txn = store.beginWrite()) { // the writer lock was released
                txn.abort();
            }
        }
    }

    private static boolean isEmptyDir(Path dir) throws Exception {
        if (!Files.exists(dir)) {
            return true;
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        }
    }
}
