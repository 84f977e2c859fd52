package dev.quarry.endpoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.endpoint.cli.TrainingData.Packing;
import dev.quarry.endpoint.cli.TrainingData.Syntax;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@code quarry aot-train}: its generated data and its workload (the cache itself: e2e AotCacheTest). */
class AotTrainCommandTest {
    @TempDir
    Path dir;

    /** What RIOT (strict) reads from a training file: statements, and the named graphs seen. */
    private record Read(long statements, Set<Node> graphs) {}

    private static Read readWithRiot(Path file, Syntax syntax, Packing packing) throws IOException {
        AtomicLong statements = new AtomicLong();
        Set<Node> graphs = new HashSet<>();
        InputStream raw = Files.newInputStream(file);
        InputStream in = switch (packing) {
            case PLAIN -> raw;
            case GZIP -> new GZIPInputStream(raw);
            case BZIP2 -> new BZip2CompressorInputStream(raw);
        };
        try (in) {
            RDFParser.source(in).lang(syntax.format.getLang()).strict(true).parse(new StreamRDFBase() {
                @Override
                public void triple(Triple t) {
                    statements.incrementAndGet();
                }

                @Override
                public void quad(Quad q) {
                    statements.incrementAndGet();
                    if (!q.isDefaultGraph()) {
                        graphs.add(q.getGraph());
                    }
                }
            });
        }
        return new Read(statements.get(), graphs);
    }

    @ParameterizedTest
    @EnumSource(Syntax.class)
    void everySyntaxIsWrittenAsValidRdfOfAboutTheAskedSize(Syntax syntax) throws Exception {
        String ext = switch (syntax) {
            case NTRIPLES -> "nt";
            case NQUADS -> "nq";
            case TURTLE -> "ttl";
            case TRIG -> "trig";
        };
        for (Packing packing : Packing.values()) {
            Path file = dir.resolve("t-" + packing + "." + ext + switch (packing) {
                case PLAIN -> "";
                case GZIP -> ".gz";
                case BZIP2 -> ".bz2";
            });
            TrainingData.write(file, syntax, packing, 0, 7_000, 1);
            Read read = readWithRiot(file, syntax, packing);
            assertTrue(read.statements() > 5_000 && read.statements() < 9_000, file + ": " + read.statements());
            assertEquals(syntax.quads, !read.graphs().isEmpty(), file + " has named graphs: " + read.graphs().size());
        }
    }

    @Test
    void theSameSeedWritesTheSameFileAndFilesOfDisjointRangesDescribeOtherEntities() throws Exception {
        Path a = dir.resolve("a.nt");
        Path b = dir.resolve("b.nt");
        Path c = dir.resolve("c.nt");
        TrainingData.write(a, Syntax.NTRIPLES, Packing.PLAIN, 0, 2_000, 7);
        TrainingData.write(b, Syntax.NTRIPLES, Packing.PLAIN, 0, 2_000, 7);
        TrainingData.write(c, Syntax.NTRIPLES, Packing.PLAIN, 2_000, 2_000, 7);
        assertEquals(-1L, Files.mismatch(a, b));
        Set<Node> subjectsOfA = new HashSet<>();
        RDFParser.source(a).parse(new StreamRDFBase() {
            @Override
            public void triple(Triple t) {
                subjectsOfA.add(t.getSubject());
            }
        });
        RDFParser.source(c).parse(new StreamRDFBase() {
            @Override
            public void triple(Triple t) {
                assertTrue(t.getSubject().isBlank() || !subjectsOfA.contains(t.getSubject()), t.toString());
            }
        });
    }

    @Test
    void theWorkloadLoadsWhatItGeneratedAndAsksQueries() {
        CliRun r = CliRun.run("aot-train", "--statements", "20000", "--queries-for", "3");
        assertEquals(Main.OK, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("this JVM records no cache"), r.out());
        Matcher loaded = Pattern.compile("loaded ([\\d,]+) statements").matcher(r.out());
        long total = 0;
        while (loaded.find()) {
            total += Long.parseLong(loaded.group(1).replace(",", ""));
        }
        assertTrue(total > 15_000 && total < 25_000, r.out());
        Matcher queries = Pattern.compile("aot-train: ([\\d,]+) queries").matcher(r.out());
        assertTrue(queries.find() && Long.parseLong(queries.group(1).replace(",", "")) > 0, r.out());
    }

    @Test
    void tooFewStatementsIsAOneLineError() {
        CliRun r = CliRun.run("aot-train", "--statements", "10");
        assertEquals(Main.FAILURE, r.code());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("--statements must be at least 1000"), r.err());
    }
}
