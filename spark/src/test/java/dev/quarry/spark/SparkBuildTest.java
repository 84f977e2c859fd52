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
            assertSameCounts(load, build, r);
            assertSameStores(loaded, ingested, true);
        }
    }

    /**
     * Turtle and TriG (each file read whole by one task, with the loader's parser): the examples
     * and generated files with prefixes, a base, labelled and unlabelled blank nodes, collections,
     * a syntax error and a datatype mismatch, the same blank node labels in two files (two nodes),
     * plain, gzip and bzip2, beside an N-Triples file that is split. Blank nodes have per-load labels
     * that no prefix strips here (RIOT hashes them), so the stores are compared as isomorphic
     * datasets, and their quads without blank nodes line by line.
     */
    @Test
    void turtleAndTrigBuildIngestedIntoAnEmptyStoreEqualsABulkLoad() throws IOException {
        Path ttl = dir.resolve("generated.ttl");
        Path ttlGz = dir.resolve("again.ttl.gz");
        Path trig = dir.resolve("generated.trig.bz2");
        Files.writeString(ttl, turtle(0, false));
        try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(ttlGz))) {
            out.write(turtle(1, false).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        try (var out = new org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream(Files.newOutputStream(trig))) {
            out.write(turtle(2, true).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        List<Path> files = List.of(EXAMPLES.resolve("vocabulary.ttl"), EXAMPLES.resolve("reviews.trig"), ttl, generatedTriples,
                ttlGz, trig);
        try (QuadStore loaded = QuadStore.open(dir.resolve("loaded-ttl")); QuadStore ingested = QuadStore.open(dir.resolve("ingested-ttl"))) {
            LoadReport load = BulkLoader.load(loaded, LoadOptions.of(names(files)));
            BuildReport build = build(files, "build-ttl", 3, null);
            PrebuiltIngest.Result r = PrebuiltIngest.ingest(ingested, dir.resolve("build-ttl"));

            assertTrue(build.splits() > files.size(), "the N-Triples file was split: " + build.splits() + " splits");
            assertTrue(load.parsingErrors() > 3 && load.datatypeMismatchErrors() > 3, "the data has both kinds of error");
            assertSameCounts(load, build, r);
            assertEquals(StoreView.quads(loaded).stream().filter(q -> !q.contains("_:")).toList(),
                    StoreView.quads(ingested).stream().filter(q -> !q.contains("_:")).toList(), "quads without blank nodes");
            assertTrue(asGraph(loaded).isIsomorphicWith(asGraph(ingested)), "the stores hold isomorphic datasets");
            assertEquals(StoreView.stats(loaded, true), StoreView.stats(ingested, true), "statistics");
            ValidationReport v = StoreValidator.validate(ingested);
            assertTrue(v.ok(), () -> "validator: " + v.problems());
        }
    }

    /** A Turtle (or TriG) document; {@code n} varies the literals, the blank node labels are the same in every one. */
    private static String turtle(int n, boolean trig) {
        StringBuilder b = new StringBuilder();
        b.append("# generated ").append(n).append("\n@prefix ex: <http://ex.org/t/> .\n")
                .append("PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>\n@base <http://ex.org/base/").append(n).append("/> .\n");
        for (int i = 0; i < 300; i++) {
            if (trig) {
                b.append(i % 3 == 0 ? "{\n" : "GRAPH ex:g" + (i % 4) + " {\n");
            }
            b.append("<s").append(i).append("> ex:p <o").append(i % 7).append("> ;\n    ex:list (").append(i)
                    .append(" \"two\"@en ( ex:x _:l").append(i % 5).append(" ) [] ) ;\n    ex:v ").append(n * 1000 + i)
                    .append(" , \"").append(i).append("\"^^xsd:integer .\n");
            b.append("_:a").append(i % 10).append(" ex:knows _:a").append((i + 1) % 10).append(" , [ ex:q \"v").append(i)
                    .append("\" ; ex:r [ ex:z ").append(i).append(".5 ] ] .\n");
            if (i % 50 == 7) {
                b.append("ex:bad").append(i).append(" ex:p \"x\" ex:extra .\n"); // syntax error
            }
            if (i % 50 == 13) {
                b.append("ex:s").append(i).append(" ex:int \"abc").append(i).append("\"^^xsd:int .\n"); // datatype mismatch
            }
            if (i % 50 == 21) {
                b.append("ex:s").append(i).append(" ex:p \"unterminated\n"); // a string running off its line
            }
            if (trig) {
                b.append("}\n");
            }
        }
        b.append("[ ex:last (1 2 3) ] ex:p ex:end").append(trig ? " }\n" : " .\n");
        return b.toString();
    }

    /**
     * The store's quads as one graph in memory, the graph name folded into the predicate, so that
     * Jena's graph isomorphism (hash-based, fast with thousands of blank nodes) compares datasets,
     * blank nodes shared by graphs included.
     */
    private static org.apache.jena.graph.Graph asGraph(QuadStore store) {
        org.apache.jena.graph.Graph out = org.apache.jena.sparql.graph.GraphFactory.createGraphMem();
        org.apache.jena.sparql.core.DatasetGraph dsg = new dev.quarry.store.arq.QuarryDatasetGraph(store);
        dsg.begin(org.apache.jena.query.TxnType.READ);
        try {
            dsg.find().forEachRemaining(q -> {
                if (q.getGraph().isBlank()) { // reified: (r, s, s), (r, p, p), (r, o, o), (r, g, g)
                    org.apache.jena.graph.Node r = org.apache.jena.graph.NodeFactory.createBlankNode();
                    out.add(org.apache.jena.graph.Triple.create(r, uri("quad:s"), q.getSubject()));
                    out.add(org.apache.jena.graph.Triple.create(r, uri("quad:p"), q.getPredicate()));
                    out.add(org.apache.jena.graph.Triple.create(r, uri("quad:o"), q.getObject()));
                    out.add(org.apache.jena.graph.Triple.create(r, uri("quad:g"), q.getGraph()));
                    return;
                }
                String p = q.getPredicate().getURI() + (q.isDefaultGraph() ? "" : " in " + q.getGraph().getURI());
                out.add(org.apache.jena.graph.Triple.create(q.getSubject(), uri(p), q.getObject()));
            });
        } finally {
            dsg.end();
        }
        return out;
    }

    private static org.apache.jena.graph.Node uri(String iri) {
        return org.apache.jena.graph.NodeFactory.createURI(iri);
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

    /** The same statements, errors (file:line:col and message), new quads and new terms. */
    private static void assertSameCounts(LoadReport load, BuildReport build, PrebuiltIngest.Result r) {
        assertEquals(load.totalRecords(), build.totalRecords(), "statements parsed");
        assertEquals(load.parsingErrors(), build.parsingErrors(), "parsing errors");
        assertEquals(load.datatypeMismatchErrors(), build.datatypeMismatchErrors(), "datatype errors");
        assertEquals(errors(load.errors()), errors(build.errors()), "errors with file, line, column and message");
        assertEquals(load.newQuads(), r.newQuads(), "new quads");
        assertEquals(load.newTerms(), r.newTerms(), "new terms");
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
