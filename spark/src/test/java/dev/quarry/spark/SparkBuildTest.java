package dev.quarry.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.loader.BulkLoader;
import dev.quarry.loader.LoadError;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.LoadReport;
import dev.quarry.loader.prebuilt.DictionarySnapshot;
import dev.quarry.loader.prebuilt.PrebuiltException;
import dev.quarry.loader.prebuilt.PrebuiltIngest;
import dev.quarry.store.QuadStore;
import dev.quarry.store.verify.StoreValidator;
import dev.quarry.store.verify.ValidationReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark build (local[2]) against the single-node loader on the same files: the ingested
 * store must hold the same quads, statistics, errors and query answers as {@code BulkLoader}'s,
 * into an empty store and into one with data, and pass the validator.
 *
 * <p>Data: the repository's N-Quads examples (plain and gzip) and generated files ({@link TestData}):
 * 100,000 lines of N-Quads, plain, and 30,000 lines of N-Triples, bzip2; with 256 KiB blocks on
 * the local file system both are split across tasks. {@code -Dquarry.spark.lines=N} sets the
 * N-Quads file's lines (CI keeps the default; see bench/spark/build.sh for the 1 M-line run).
 */
class SparkBuildTest {
    private static final Path EXAMPLES = Path.of(System.getProperty("user.dir")).resolve("../examples/data").normalize();
    private static final List<String> QUERIES = List.of(
            "SELECT (COUNT(*) AS ?n) WHERE { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } }",
            "SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g",
            "SELECT ?s ?o WHERE { ?s <http://ex.org/vocab#k0> ?o FILTER(?o > 990) }",
            "SELECT ?o WHERE { ?s <http://ex.org/p/k5> ?o FILTER(?o >= \"2020-01-01\"^^<http://www.w3.org/2001/XMLSchema#date>) } ORDER BY ?o LIMIT 30",
            "SELECT ?o (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s <http://ex.org/p/k8> ?o } } GROUP BY ?o ORDER BY DESC(?n) ?o LIMIT 20",
            "SELECT ?s WHERE { ?s <http://ex.org/p/k11> ?o FILTER(CONTAINS(?o, \"日本\")) }",
            "SELECT (COUNT(DISTINCT ?s) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o FILTER(isBlank(?s)) } }",
            "ASK { <http://ex.org/s/1> ?p ?o }");

    @TempDir
    static Path dir;
    static JavaSparkContext sc;
    static Path generatedQuads;
    static Path generatedTriples;

    @BeforeAll
    static void start() throws IOException {
        sc = new JavaSparkContext(new SparkConf().setMaster("local[2]").setAppName("SparkBuildTest")
                .set("spark.ui.enabled", "false").set("spark.default.parallelism", "2"));
        // Small blocks, so the generated files are split across tasks (Hadoop splits at block size at most).
        sc.hadoopConfiguration().setLong("fs.local.block.size", 256 << 10);
        sc.hadoopConfiguration().setBoolean("fs.file.impl.disable.cache", true);
        generatedQuads = dir.resolve("generated.nq");
        generatedTriples = dir.resolve("generated.nt.bz2");
        TestData.write(generatedQuads, Integer.getInteger("quarry.spark.lines", 100_000), 1, true, "q");
        TestData.write(generatedTriples, 30_000, 2, false, "t");
    }

    @AfterAll
    static void stop() {
        sc.close();
    }

    @Test
    void buildIngestedIntoAnEmptyStoreEqualsABulkLoad() throws IOException {
        List<Path> files = List.of(EXAMPLES.resolve("library.nq"), EXAMPLES.resolve("loans.nq.gz"), generatedQuads,
                generatedTriples);
        try (QuadStore loaded = QuadStore.open(dir.resolve("loaded")); QuadStore ingested = QuadStore.open(dir.resolve("ingested"))) {
            LoadReport load = BulkLoader.load(loaded, LoadOptions.of(names(files)));
            BuildReport build = build(files, "build-empty", 3, null);
            PrebuiltIngest.Result r = PrebuiltIngest.ingest(ingested, dir.resolve("build-empty"));

            assertTrue(build.splits() > files.size() + 2, "the generated files were split: " + build.splits() + " splits");
            assertTrue(load.parsingErrors() > 0 && load.datatypeMismatchErrors() > 0, "the data has both kinds of error");
            assertEquals(load.totalRecords(), build.totalRecords(), "statements parsed");
            assertEquals(load.parsingErrors(), build.parsingErrors(), "parsing errors");
            assertEquals(load.datatypeMismatchErrors(), build.datatypeMismatchErrors(), "datatype errors");
            assertEquals(errors(load.errors()), errors(build.errors()), "errors with file, line, column and message");
            assertEquals(load.newQuads(), r.newQuads(), "new quads");
            assertEquals(load.newTerms(), r.newTerms(), "new terms");
            assertSameStores(loaded, ingested, true);
        }
    }

    @Test
    void buildAgainstADictionaryExportIngestedIntoAStoreWithDataEqualsTwoLoads() throws IOException {
        Path first = dir.resolve("first.nq");
        Path second = dir.resolve("second.nq");
        TestData.write(first, 20_000, 7, true, "x");
        // The second file repeats the first's statements (the IRI-only ones are then duplicates of
        // stored quads; the blank nodes are new ones, as in any second load) and adds more.
        Files.copy(first, second);
        TestData.write(dir.resolve("more.nq"), 10_000, 8, true, "y");
        Files.write(second, Files.readAllBytes(dir.resolve("more.nq")), StandardOpenOption.APPEND);
        List<Path> before = List.of(EXAMPLES.resolve("library.nq"), first);
        List<Path> after = List.of(EXAMPLES.resolve("loans.nq.gz"), second);
        try (QuadStore twoLoads = QuadStore.open(dir.resolve("two-loads")); QuadStore ingested = QuadStore.open(dir.resolve("load-ingest"))) {
            BulkLoader.load(twoLoads, LoadOptions.of(names(before)));
            LoadReport secondLoad = BulkLoader.load(twoLoads, LoadOptions.of(names(after)));
            BulkLoader.load(ingested, LoadOptions.of(names(before)));
            Path export = dir.resolve("export");
            DictionarySnapshot.export(ingested, export);
            build(after, "build-more", 3, export);
            PrebuiltIngest.Result r = PrebuiltIngest.ingest(ingested, dir.resolve("build-more"));

            assertTrue(r.newQuads() < r.quads(), "some quads were in the store already");
            assertEquals(secondLoad.newQuads(), r.newQuads(), "new quads");
            assertEquals(secondLoad.newTerms(), r.newTerms(), "new terms");
            assertSameStores(twoLoads, ingested, true);
        }
    }

    @Test
    void ingestRefusesAStoreWhoseDictionaryChangedAndADamagedBuild() throws IOException {
        Path small = dir.resolve("small.nq");
        TestData.write(small, 200, 9, true, "z");
        List<Path> loans = List.of(EXAMPLES.resolve("loans.nq.gz"));
        try (QuadStore store = QuadStore.open(dir.resolve("refusing")); QuadStore empty = QuadStore.open(dir.resolve("empty"))) {
            BulkLoader.load(store, LoadOptions.of(EXAMPLES.resolve("library.nq").toString()));
            Path export = dir.resolve("export-refusing");
            DictionarySnapshot.export(store, export);
            build(loans, "build-stale", 2, export);
            build(loans, "build-for-new", 2, null);

            PrebuiltException forNew = assertThrows(PrebuiltException.class,
                    () -> PrebuiltIngest.ingest(store, dir.resolve("build-for-new")));
            assertTrue(forNew.getMessage().contains("was built against a new, empty store"), forNew.getMessage());

            BulkLoader.load(store, LoadOptions.of(small.toString())); // the store changes after the export
            String before = StoreView.stats(store, true);
            PrebuiltException stale = assertThrows(PrebuiltException.class,
                    () -> PrebuiltIngest.ingest(store, dir.resolve("build-stale")));
            assertTrue(stale.getMessage().contains("run 'quarry export-dictionary' on the store and build again"),
                    stale.getMessage());
            assertEquals(before, StoreView.stats(store, true), "the refused ingest changed nothing");

            Path spog = dir.resolve("build-for-new/index/spog-00000.sst");
            byte[] bytes = Files.readAllBytes(spog);
            bytes[bytes.length / 2] ^= 1;
            Files.write(spog, bytes);
            PrebuiltException damaged = assertThrows(PrebuiltException.class,
                    () -> PrebuiltIngest.ingest(empty, dir.resolve("build-for-new")));
            assertTrue(damaged.getMessage().contains("SHA-256 differs"), damaged.getMessage());
            assertEquals(0, empty.stats().quads());
        }
    }

    private static void assertSameStores(QuadStore expected, QuadStore actual, boolean distinctCounts) {
        assertEquals(StoreView.quads(expected), StoreView.quads(actual), "quads");
        assertEquals(StoreView.stats(expected, distinctCounts), StoreView.stats(actual, distinctCounts), "statistics");
        for (String q : QUERIES) {
            assertEquals(StoreView.answer(expected, q), StoreView.answer(actual, q), q);
        }
        for (Path q : queryFiles()) {
            String text = read(q);
            assertEquals(StoreView.answer(expected, text), StoreView.answer(actual, text), q.toString());
        }
        ValidationReport v = StoreValidator.validate(actual);
        assertTrue(v.ok(), () -> "validator: " + v.problems());
    }

    static BuildReport build(List<Path> files, String out, int partitions, Path dictionary) {
        return BuildJob.run(sc, new BuildJob.Options(names(files), dir.resolve(out).toString(), partitions,
                dictionary == null ? null : dictionary.toString()));
    }

    private static List<String> names(List<Path> files) {
        return files.stream().map(Path::toString).toList();
    }

    /** Errors as kind, file name, line, column and message, sorted (the loader reports them as its threads meet them). */
    private static List<String> errors(List<LoadError> errors) {
        List<String> out = new ArrayList<>();
        for (LoadError e : errors) {
            String file = e.file().substring(e.file().lastIndexOf('/') + 1);
            out.add(file + ":" + e.line() + ":" + e.column() + " " + e.kind() + " " + e.message());
        }
        out.sort(null);
        return out;
    }

    private static List<Path> queryFiles() {
        try (Stream<Path> s = Files.list(EXAMPLES.resolveSibling("queries"))) {
            return s.filter(p -> p.toString().endsWith(".rq")).sorted().toList();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
