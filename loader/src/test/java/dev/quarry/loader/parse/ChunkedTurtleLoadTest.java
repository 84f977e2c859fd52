package dev.quarry.loader.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.loader.BulkLoader;
import dev.quarry.loader.LoadError;
import dev.quarry.loader.LoadException;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.LoadReport;
import dev.quarry.loader.testing.StoreContents;
import dev.quarry.store.QuadStore;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.apache.jena.graph.Node;
import org.apache.jena.riot.Lang;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The load's parse workers read a Turtle/TriG file of many chunks (plain and gzipped) as one
 * thread reads it: the same errors, in file order, at the file's lines; the same statements
 * in the store; and {@code --fail-on-error} stops at the file's first bad statement.
 */
class ChunkedTurtleLoadTest {
    @TempDir
    Path tmp;

    @Test
    void aLargeTurtleFileWithBadStatementsLoadsAsOneThreadReadsIt() throws Exception {
        check("big.ttl", ChunkedTurtleTest.generated(21, false, 0.005, 25_000), Lang.TURTLE, false);
    }

    @Test
    void aLargeGzippedTriGFileWithBadStatementsLoadsAsOneThreadReadsIt() throws Exception {
        check("big.trig.gz", ChunkedTurtleTest.generated(22, true, 0.005, 25_000), Lang.TRIG, true);
    }

    @Test
    void failOnErrorStopsAtTheFilesFirstBadStatement() throws Exception {
        String doc = ChunkedTurtleTest.generated(23, false, 0.002, 25_000);
        ChunkedTurtleHarness.Reading expected = ChunkedTurtleHarness.sequential(doc, Lang.TURTLE);
        Path f = tmp.resolve("fail.ttl");
        Files.writeString(f, doc, StandardCharsets.UTF_8);
        try (QuadStore store = QuadStore.open(tmp.resolve("fail-store"))) {
            LoadException e = assertThrows(LoadException.class,
                    () -> BulkLoader.load(store, LoadOptions.of(f.toString()).withThreads(4).withFailOnError(true)));
            String first = expected.errors().get(0).replace(": datatype: ", ": ");
            assertEquals(f + ":" + first, e.getMessage());
            assertEquals(0, store.stats().quads());
        }
    }

    /**
     * The same data as Turtle (read by the byte reader, {@link TurtleBytesParser}) and as
     * N-Triples (the N-Quads byte parser) gives the same store, and RIOT's reading of the Turtle.
     */
    @Test
    void turtleAndNTriplesOfTheSameDataLoadTheSameStore() throws Exception {
        sameStoreAsLineBased(Lang.TURTLE, 24);
    }

    /** As {@link #turtleAndNTriplesOfTheSameDataLoadTheSameStore}, for TriG (graph blocks) and N-Quads. */
    @Test
    void trigAndNQuadsOfTheSameDataLoadTheSameStore() throws Exception {
        sameStoreAsLineBased(Lang.TRIG, 25);
    }

    private void sameStoreAsLineBased(Lang lang, long seed) throws Exception {
        boolean trig = lang == Lang.TRIG;
        String doc = new TurtleBytesParserTest.Generator(seed, 0, 0, trig).document(25_000);
        assertTrue(doc.length() > 1_500_000, "long enough for many chunks: " + doc.length());
        Path text = tmp.resolve(trig ? "same.trig" : "same.ttl");
        Files.writeString(text, doc, StandardCharsets.UTF_8);
        ChunkedTurtleHarness.Reading riot = ChunkedTurtleHarness.sequential(doc, lang);
        assertEquals(List.of(), riot.errors());
        DatasetGraph want = DatasetGraphFactory.createGeneral();
        riot.statements().forEach(q -> want.add(q[3] == null ? org.apache.jena.sparql.core.Quad.defaultGraphIRI : q[3],
                q[0], q[1], q[2]));
        Path lines = tmp.resolve(trig ? "same.nq" : "same.nt");
        try (OutputStream out = Files.newOutputStream(lines)) {
            org.apache.jena.riot.RDFDataMgr.write(out, want, Lang.NQUADS);
        }
        DatasetGraph fromText, fromLines;
        long textQuads, lineQuads;
        try (QuadStore store = QuadStore.open(tmp.resolve("store-text"))) {
            LoadReport r = BulkLoader.load(store, LoadOptions.of(text.toString()).withThreads(4));
            assertEquals(List.of(), r.errors());
            assertEquals(riot.statements().size(), r.totalRecords());
            fromText = StoreContents.copy(store);
            textQuads = store.stats().quads();
        }
        try (QuadStore store = QuadStore.open(tmp.resolve("store-lines"))) {
            LoadReport r = BulkLoader.load(store, LoadOptions.of(lines.toString()).withThreads(4));
            assertEquals(List.of(), r.errors());
            fromLines = StoreContents.copy(store);
            lineQuads = store.stats().quads();
        }
        assertTrue(StoreContents.size(fromText) > 40_000, "quads: " + StoreContents.size(fromText));
        // The same quads stored once: a term encoded in two ways ("x"@EN-us as written, "x"@en-US
        // as RIOT gives it) would store a statement twice, which nodes read back would not show.
        assertEquals(lineQuads, textQuads, "quads stored");
        assertTrue(StoreContents.sameModuloBlankLabels(fromLines, fromText), "the " + lang.getLabel() + " and line-based stores");
        assertTrue(StoreContents.sameModuloBlankLabels(want, fromText), "the " + lang.getLabel() + " store and RIOT's reading");
    }

    private void check(String name, String doc, Lang lang, boolean gzip) throws Exception {
        ChunkedTurtleHarness.Reading expected = ChunkedTurtleHarness.sequential(doc, lang);
        assertTrue(expected.errors().size() > 20, "errors: " + expected.errors().size());
        assertTrue(doc.length() > 1_000_000, "long enough for many chunks: " + doc.length());
        Path f = tmp.resolve(name);
        try (OutputStream out = gzip ? new GZIPOutputStream(Files.newOutputStream(f)) : Files.newOutputStream(f)) {
            out.write(doc.getBytes(StandardCharsets.UTF_8));
        }
        try (QuadStore store = QuadStore.open(tmp.resolve("store-" + name))) {
            LoadReport r = BulkLoader.load(store, LoadOptions.of(f.toString()).withThreads(4));
            List<String> errors = r.errors().stream().map(ChunkedTurtleLoadTest::asHarnessError).toList();
            assertEquals(expected.errors(), errors);
            assertEquals(expected.statements().size(), r.totalRecords());
            DatasetGraph want = DatasetGraphFactory.createGeneral();
            for (Node[] q : expected.statements()) {
                want.add(q[3] == null ? org.apache.jena.sparql.core.Quad.defaultGraphIRI : q[3], q[0], q[1], q[2]);
            }
            assertTrue(StoreContents.sameModuloBlankLabels(want, StoreContents.copy(store)), "store contents");
        }
    }

    private static String asHarnessError(LoadError e) {
        return e.line() + ":" + e.column() + ": " + (e.kind() == LoadError.Kind.DATATYPE_MISMATCH ? "datatype: " : "")
                + e.message();
    }
}
