package dev.quarry.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.loader.input.RdfFormat;
import dev.quarry.loader.input.Sources;
import dev.quarry.store.QuadStore;
import dev.quarry.store.StoreOptions;
import dev.quarry.store.arq.QuarryDatasetGraph;
import dev.quarry.store.verify.StoreValidator;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.util.IsoMatcher;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** SimpleLoader against RIOT's in-memory dataset as the oracle, and its all-or-nothing failure. */
class SimpleLoaderTest {
    static final String NQUADS = """
            <http://ex.org/a> <http://ex.org/name> "Alice" .
            <http://ex.org/a> <http://ex.org/age> "42"^^<http://www.w3.org/2001/XMLSchema#integer> .
            <http://ex.org/a> <http://ex.org/age> "042"^^<http://www.w3.org/2001/XMLSchema#integer> .
            <http://ex.org/a> <http://ex.org/label> "chat"@fr <http://ex.org/g1> .
            <http://ex.org/a> <http://ex.org/label> "cat"@en-GB <http://ex.org/g1> .
            _:b1 <http://ex.org/street> "Rue des Écoles 7" <http://ex.org/g1> .
            <http://ex.org/a> <http://ex.org/address> _:b1 <http://ex.org/g1> .
            <http://ex.org/a> <http://ex.org/height> "1.72"^^<http://www.w3.org/2001/XMLSchema#decimal> <http://ex.org/g2> .
            <http://ex.org/a> <http://ex.org/knows> <http://ex.org/b> <http://ex.org/g2> .
            <http://ex.org/a> <http://ex.org/knows> <http://ex.org/b> <http://ex.org/g2> .
            """;
    static final String TURTLE = """
            @prefix ex: <http://ex.org/> .
            @prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
            ex:b ex:name "Bob" ; ex:born "1990-05-17"^^xsd:date ; ex:likes ( ex:tea ex:cake ) .
            ex:b ex:address [ ex:city "Oslo"@no ; ex:zip "0150" ] .
            <rel> ex:p true .
            """;
    static final String TRIG = """
            @prefix ex: <http://ex.org/> .
            ex:c ex:name "Carol" .
            ex:g3 { ex:c ex:knows ex:a ; ex:score 3.5e0 . _:x ex:about ex:c . }
            GRAPH ex:g1 { ex:c ex:label "Carol"@de }
            """;

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        if (name.endsWith(".gz")) {
            try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p))) {
                out.write(text.getBytes(StandardCharsets.UTF_8));
            }
        } else {
            Files.writeString(p, text);
        }
        return p;
    }

    private Path sample(String name) throws IOException {
        String text = name.endsWith(".ttl") ? TURTLE : name.endsWith(".trig") ? TRIG : NQUADS;
        return write(name, text);
    }

    private QuadStore openStore() {
        return QuadStore.open(dir.resolve("store"), StoreOptions.defaults().withSyncCommits(false));
    }

    /** Everything the store holds, copied into an in-memory dataset. */
    static DatasetGraph contents(QuadStore store) {
        QuarryDatasetGraph dsg = new QuarryDatasetGraph(store);
        DatasetGraph copy = DatasetGraphFactory.createGeneral();
        Txn.executeRead(dsg, () -> dsg.find().forEachRemaining(copy::add));
        return copy;
    }

    private static long statements(Path file) {
        List<Quad> all = new ArrayList<>();
        RDFDataMgr.parse(new org.apache.jena.riot.system.StreamRDFBase() {
            @Override
            public void quad(Quad q) {
                all.add(q);
            }

            @Override
            public void triple(org.apache.jena.graph.Triple t) {
                all.add(Quad.create(Quad.defaultGraphIRI, t));
            }
        }, file.toString());
        return all.size();
    }

    @ParameterizedTest
    @ValueSource(strings = {"data.nq", "data.ttl", "data.trig", "data.nq.gz"})
    void loadsLikeRiot(String name) throws IOException {
        Path file = sample(name);
        try (QuadStore store = openStore()) {
            SimpleLoader.Summary summary = new SimpleLoader(store).load(Sources.expand(List.of(file.toString())));
            DatasetGraph expected = RDFDataMgr.loadDatasetGraph(file.toString());
            DatasetGraph actual = contents(store);
            assertTrue(IsoMatcher.isomorphic(expected, actual), () -> "expected\n" + expected + "\nactual\n" + actual);
            assertEquals(1, summary.feeds());
            assertEquals(statements(file), summary.quadsRead());
            assertEquals(Txn.calculateRead(actual, () -> (long) actual.stream().count()), summary.quadsAdded());
            assertEquals(summary.quadsAdded(), store.stats().quads());
            assertTrue(StoreValidator.validate(store).ok());
        }
    }

    @Test
    void oneLoadOfManyFilesCountsDuplicatesAcrossFiles() throws IOException {
        // The .nq and .nq.gz hold the same statements: all but the blank-node ones are
        // duplicates the second time (blank nodes are scoped to their file).
        List<String> files = new ArrayList<>();
        for (String n : List.of("data.nq", "data.nq.gz", "data.ttl", "data.trig")) {
            files.add(sample(n).toString());
        }
        try (QuadStore store = openStore()) {
            SimpleLoader.Summary s = new SimpleLoader(store).load(Sources.expand(files));
            assertEquals(4, s.feeds());
            long nqStatements = 10, ttlStatements = 11, trigStatements = 5;
            assertEquals(2 * nqStatements + ttlStatements + trigStatements, s.quadsRead());
            // In one .nq: one statement repeats; 2 of the 9 distinct use a blank node.
            long expectedAdded = 9 + 2 + ttlStatements + trigStatements;
            assertEquals(expectedAdded, s.quadsAdded());
            assertEquals(s.quadsRead() - expectedAdded, s.duplicates());
            assertEquals(expectedAdded, store.stats().quads());
        }
    }

    @Test
    void graphOptionMovesDefaultGraphStatementsOnly() throws IOException {
        Path trig = sample("data.trig");
        try (QuadStore store = openStore()) {
            new SimpleLoader(store).graph("http://ex.org/target").load(Sources.expand(List.of(trig.toString())));
            DatasetGraph actual = contents(store);
            DatasetGraph expected = RDFDataMgr.loadDatasetGraph(trig.toString());
            org.apache.jena.graph.Node target = NodeFactory.createURI("http://ex.org/target");
            expected.getDefaultGraph().find().forEachRemaining(t -> expected.add(Quad.create(target, t)));
            expected.getDefaultGraph().clear();
            assertTrue(IsoMatcher.isomorphic(expected, actual), () -> "actual\n" + actual);
        }
    }

    @Test
    void formatOverrideReadsAFileWithAnUnknownName() throws IOException {
        Path file = write("data.txt", TURTLE);
        try (QuadStore store = openStore()) {
            IOException e = assertThrows(IOException.class,
                    () -> new SimpleLoader(store).load(Sources.expand(List.of(file.toString()))));
            assertTrue(e.getMessage().contains("--format"), e.getMessage());
            SimpleLoader.Summary s = new SimpleLoader(store).format(RdfFormat.TURTLE)
                    .load(Sources.expand(List.of(file.toString())));
            assertEquals(11, s.quadsRead());
        }
    }

    @Test
    void malformedDataAbortsWithPositionAndLeavesTheStoreUnchanged() throws IOException {
        Path good = sample("data.nq");
        Path bad = write("bad.nq", """
                <http://ex.org/x> <http://ex.org/p> "fine" .
                <http://ex.org/x> <http://ex.org/p> "also fine" <http://ex.org/g> .
                <http://ex.org/x> "literal" "as predicate" .
                """);
        try (QuadStore store = openStore()) {
            new SimpleLoader(store).load(Sources.expand(List.of(good.toString())));
            DatasetGraph before = contents(store);
            MalformedDataException e = assertThrows(MalformedDataException.class,
                    () -> new SimpleLoader(store).load(Sources.expand(List.of(sample("data.ttl").toString(), bad.toString()))));
            assertEquals(bad.toString(), e.feed());
            assertEquals(3, e.line());
            assertEquals(19, e.column());
            assertTrue(e.getMessage().startsWith(bad + ":3:19: "), e.getMessage());
            assertEquals(1, e.getMessage().lines().count());
            assertTrue(IsoMatcher.isomorphic(before, contents(store)));
            assertEquals(9, store.stats().quads());
            assertTrue(StoreValidator.validate(store).ok());
        }
    }

    @Test
    void truncatedCompressedFileIsAnIoErrorAndLoadsNothing() throws IOException {
        Path gz = sample("data.nq.gz");
        byte[] bytes = Files.readAllBytes(gz);
        Path cut = dir.resolve("cut.nq.gz");
        Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length - 20));
        try (QuadStore store = openStore()) {
            // RIOT alone reads a truncated stream as a shorter file; the loader must not.
            IOException e = assertThrows(IOException.class,
                    () -> new SimpleLoader(store).load(Sources.expand(List.of(cut.toString()))));
            assertTrue(e.getMessage().startsWith(cut + ": "), e.getMessage());
            assertTrue(e.getMessage().contains("truncated"), e.getMessage());
            assertEquals(e.getMessage().indexOf(cut.toString()), e.getMessage().lastIndexOf(cut.toString()), e.getMessage());
            assertEquals(0, store.stats().quads());
        }
    }
}
