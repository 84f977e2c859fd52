package dev.quarry.bench.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Graph;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.system.ErrorHandlerFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.graph.GraphFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BsbmGeneratorTest {

    private static byte[] generate(boolean turtle, long quads, long seed) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BsbmGenerator.write(out, turtle, quads, seed);
        return out.toByteArray();
    }

    /** Parses strictly: any warning or error fails the test. */
    private static DatasetGraph parse(byte[] data, Lang lang) {
        DatasetGraph dsg = DatasetGraphFactory.createTxnMem();
        RDFParser.source(new ByteArrayInputStream(data)).lang(lang)
            .errorHandler(ErrorHandlerFactory.errorHandlerStrictNoLogging).parse(dsg);
        return dsg;
    }

    private static long countQuads(DatasetGraph dsg) {
        long n = 0;
        for (var it = dsg.find(); it.hasNext(); it.next()) {
            n++;
        }
        return n;
    }

    @Test
    void sameSeedGivesSameBytesAndOtherSeedOtherBytes() throws IOException {
        byte[] a = generate(false, 20_000, 7);
        assertArrayEquals(a, generate(false, 20_000, 7));
        assertArrayEquals(generate(true, 5_000, 7), generate(true, 5_000, 7));
        assertFalse(java.util.Arrays.equals(a, generate(false, 20_000, 8)));
    }

    @Test
    void writesExactlyTheRequestedNumberOfDistinctQuads() throws IOException {
        for (long n : new long[] {0, 1, 7, 1_234, 25_001}) {
            byte[] nq = generate(false, n, BsbmGenerator.DEFAULT_SEED);
            long lines = new String(nq, java.nio.charset.StandardCharsets.UTF_8).lines().count();
            assertEquals(n, lines, "lines for " + n);
            // Distinct quads: a duplicate would make a store count fewer than requested.
            assertEquals(n, countQuads(parse(nq, Lang.NQUADS)), "distinct quads for " + n);
        }
    }

    @Test
    void nquadsParseStrictlyWithNamedAndDefaultGraphs() throws IOException {
        DatasetGraph dsg = parse(generate(false, 50_000, 3), Lang.NQUADS);
        assertEquals(50_000, countQuads(dsg));
        long defaultQuads = dsg.getDefaultGraph().size();
        assertTrue(defaultQuads > 500 && defaultQuads < 10_000, "default-graph quads: " + defaultQuads);
        long graphs = 0;
        for (var it = dsg.listGraphNodes(); it.hasNext(); it.next()) {
            graphs++;
        }
        assertTrue(graphs >= 5, "one graph per producer, got " + graphs);
        List<Node> objects = dsg.stream().map(Quad::getObject).toList();
        assertTrue(objects.stream().anyMatch(Node::isBlank), "blank nodes");
        assertTrue(objects.stream().anyMatch(o -> o.isLiteral() && o.getLiteralLexicalForm().length() > 300), "long literals");
        assertTrue(objects.stream().anyMatch(o -> o.isLiteral() && !o.getLiteralLanguage().isEmpty()), "language tags");
        for (String type : List.of("integer", "decimal", "date", "dateTime", "boolean")) {
            String iri = "http://www.w3.org/2001/XMLSchema#" + type;
            assertTrue(objects.stream().anyMatch(o -> o.isLiteral() && o.getLiteralDatatypeURI().equals(iri)), type);
        }
    }

    @Test
    void turtleHoldsTheSameTriplesAsNQuads() throws IOException {
        long n = 8_000;
        DatasetGraph nq = parse(generate(false, n, 11), Lang.NQUADS);
        Graph union = GraphFactory.createDefaultGraph();
        nq.find().forEachRemaining(q -> union.add(q.asTriple()));
        Graph ttl = parse(generate(true, n, 11), Lang.TURTLE).getDefaultGraph();
        assertEquals(n, union.size(), "no triple in two graphs");
        assertEquals(n, ttl.size());
        assertTrue(ttl.isIsomorphicWith(union), "Turtle and N-Quads forms differ");
    }

    @Test
    void fileOutputByExtensionIsAtomicAndGzipMatchesPlain(@TempDir Path dir) throws IOException {
        Path plain = dir.resolve("d.nq");
        Path gz = dir.resolve("d.nq.gz");
        assertEquals(3_000, BsbmGenerator.write(plain, 3_000, 5).quads());
        BsbmGenerator.write(gz, 3_000, 5);
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            assertArrayEquals(Files.readAllBytes(plain), in.readAllBytes());
        }
        assertArrayEquals(generate(false, 3_000, 5), Files.readAllBytes(plain));
        try (var files = Files.list(dir)) {
            assertEquals(2, files.count(), "no partial files left");
        }
        var e = assertThrows(IllegalArgumentException.class, () -> BsbmGenerator.write(dir.resolve("d.rdf"), 10, 1));
        assertTrue(e.getMessage().contains("d.rdf"), e.getMessage());
    }

    @Test
    void prefixFileDeclaresEveryPrefixFirst(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("p.ttl");
        PrefixFileWriter.write(file, 2_000, 3_000);
        var lines = Files.readAllLines(file);
        assertEquals(5_000, lines.size());
        assertTrue(lines.subList(0, 2_000).stream().allMatch(l -> l.startsWith("@prefix ")));
        assertEquals(2_000, lines.subList(0, 2_000).stream().distinct().count());
        Graph g = parse(Files.readAllBytes(file), Lang.TURTLE).getDefaultGraph();
        assertEquals(3_000, g.size());
    }

    @Test
    void countsTakeUnitSuffixes() {
        assertEquals(100_000, BsbmGenerator.parseCount("100k"));
        assertEquals(10_000_000, BsbmGenerator.parseCount("10M"));
        assertEquals(1_234, BsbmGenerator.parseCount("1_234"));
        assertThrows(IllegalArgumentException.class, () -> BsbmGenerator.parseCount("ten"));
    }
}
