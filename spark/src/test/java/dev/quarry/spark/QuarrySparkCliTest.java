package dev.quarry.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code quarry-spark build}: a bad input, output or option is one line on stderr and exit code 1. */
class QuarrySparkCliTest {
    @TempDir
    Path dir;

    private static String failure(String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream old = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        String master = System.setProperty("spark.master", "local[1]");
        int code;
        try {
            code = QuarrySpark.commandLine().execute(args);
        } finally {
            System.setErr(old);
            if (master == null) {
                System.clearProperty("spark.master");
            }
        }
        String text = err.toString(StandardCharsets.UTF_8);
        String ours = text.lines().filter(l -> l.startsWith("quarry-spark ")).reduce("", (a, b) -> a + b + "\n");
        assertEquals(1, code, text);
        assertEquals(1, ours.lines().count(), text);
        return ours.strip();
    }

    @Test
    void badInputsAndOutputsAreOneLine() throws Exception {
        Path out = dir.resolve("out").toAbsolutePath();
        Path missing = dir.resolve("missing.nq").toAbsolutePath();
        assertTrue(failure("build", "--input", missing.toString(), "--output", out.toString())
                .endsWith(missing + ": no such file or directory"));

        Path rdfXml = Files.writeString(dir.resolve("data.rdf"), "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"/>\n");
        assertTrue(failure("build", "--input", rdfXml.toString(), "--output", out.toString())
                .endsWith(": quarry-spark reads N-Quads (.nq), N-Triples (.nt), Turtle (.ttl) and TriG (.trig) files only;"
                        + " load RDFXML with 'quarry load'"));

        Path turtleZstd = Files.writeString(dir.resolve("data.ttl.zst"), "");
        assertTrue(failure("build", "--input", turtleZstd.toString(), "--output", out.toString())
                .endsWith(": compressed in a way the Spark build does not read: plain, .gz and .bz2 only (recompress, or use 'quarry load')"));

        Path zstd = Files.writeString(dir.resolve("data.nq.zst"), "");
        assertTrue(failure("build", "--input", zstd.toString(), "--output", out.toString())
                .endsWith(": compressed in a way the Spark build does not read: plain, .gz and .bz2 only (recompress, or use 'quarry load')"));

        Path good = Files.writeString(dir.resolve("data.nq"), "<a:s> <a:p> <a:o> .\n");
        Files.createDirectories(out.resolve("something"));
        assertEquals("quarry-spark build: --output " + out + " exists and is not an empty directory: give a new one",
                failure("build", "--input", good.toString(), "--output", out.toString()));

        assertTrue(failure("build", "--input", good.toString(), "--output", dir.resolve("o2").toString(), "--partitions", "-1")
                .endsWith("--partitions must be at least 1 (or 0 for Spark's default parallelism): -1"));
    }
}
