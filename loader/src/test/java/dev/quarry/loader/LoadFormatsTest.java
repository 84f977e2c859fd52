package dev.quarry.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.loader.testing.QuadGenerator;
import dev.quarry.loader.testing.StoreContents;
import dev.quarry.store.QuadStore;
import dev.quarry.store.verify.StoreValidator;
import dev.quarry.store.verify.ValidationReport;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.sparql.core.DatasetGraph;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** Every format x compression loads exactly what RIOT reads from the same file (the oracle). */
class LoadFormatsTest {
    @TempDir
    Path tmp;

    @TestFactory
    List<DynamicTest> formatsTimesCompression() throws Exception {
        Path nq = tmp.resolve("source.nq");
        try (Writer w = Files.newBufferedWriter(nq, StandardCharsets.UTF_8)) {
            new QuadGenerator(7).write(w, 3000);
        }
        DatasetGraph quads = StoreContents.oracle(nq);
        List<DynamicTest> tests = new ArrayList<>();
        for (String ext : List.of("nq", "nt", "ttl", "trig")) {
            for (String compression : List.of("", ".gz", ".bz2")) {
                String name = "data." + ext + compression;
                tests.add(DynamicTest.dynamicTest(name, () -> loadAndCompare(quads, ext, compression, name)));
            }
        }
        return tests;
    }

    private void loadAndCompare(DatasetGraph quads, String ext, String compression, String name) throws Exception {
        Path dir = Files.createTempDirectory(tmp, ext);
        Path file = dir.resolve(name);
        try (OutputStream raw = Files.newOutputStream(file); OutputStream out = compressor(compression, raw)) {
            switch (ext) {
                case "nq" -> RDFDataMgr.write(out, quads, Lang.NQUADS);
                case "trig" -> RDFDataMgr.write(out, quads, Lang.TRIG);
                case "nt" -> RDFDataMgr.write(out, quads.getUnionGraph(), Lang.NTRIPLES);
                default -> RDFDataMgr.write(out, quads.getUnionGraph(), Lang.TURTLE);
            }
        }
        DatasetGraph expected = StoreContents.oracle(file);
        try (QuadStore store = QuadStore.open(dir.resolve("store"))) {
            LoadReport report = BulkLoader.load(store, LoadOptions.of(file.toString()).withThreads(2));
            DatasetGraph actual = StoreContents.copy(store);
            assertEquals(StoreContents.size(expected), StoreContents.size(actual), "quad count of " + name);
            assertTrue(StoreContents.isomorphic(expected, actual), "isomorphic to RIOT's reading of " + name);
            assertEquals(0, report.parsingErrors());
            assertEquals(StoreContents.size(expected), report.totalRecords() - report.totalDuplicates());
            ValidationReport v = StoreValidator.validate(store);
            assertTrue(v.ok(), v.problems().toString());
        }
    }

    /** bzip2 at level 1 (100 kB blocks), so that the parallel decoder has several blocks. */
    private static OutputStream compressor(String compression, OutputStream raw) throws java.io.IOException {
        return switch (compression) {
            case ".gz" -> new GZIPOutputStream(raw);
            case ".bz2" -> new BZip2CompressorOutputStream(raw, 1);
            default -> raw;
        };
    }
}
