package dev.quarry.loader.parse;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.quarry.testing.ConformanceTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.jena.riot.Lang;
import org.junit.jupiter.api.Test;

/**
 * Every Turtle and TriG file of the W3C RDF 1.1 and 1.2 suites, positive and negative, as one
 * chunk: wherever the byte reader ({@link TurtleBytesParser}) takes the file, RIOT reads it
 * without error and gives exactly the same statements, ending and prologue. The byte reader
 * must take a good share of the positive files, so that this checks something. (Read in
 * chunks, with the byte reader first, the files are checked by {@code ChunkedTurtleConformanceTest}.)
 */
@ConformanceTest
class TurtleBytesParserConformanceTest {
    @Test
    void whereTheByteReaderTakesAW3cFileItReadsItAsRiot() throws Exception {
        Path root = Path.of(System.getProperty("quarry.conformance.dir", "../../shared/conformance"), "rdf");
        assumeTrue(Files.isDirectory(root), "W3C suites not found at " + root);
        int files = 0, positive = 0, taken = 0, takenPositive = 0;
        List<String> failures = new ArrayList<>();
        for (String suite : List.of("rdf11/rdf-turtle", "rdf11/rdf-trig", "rdf12/rdf-turtle", "rdf12/rdf-trig")) {
            Path dir = root.resolve(suite);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> all = Files.walk(dir)) {
                for (Path f : all.sorted().toList()) {
                    String name = f.getFileName().toString();
                    if (!(name.endsWith(".ttl") || name.endsWith(".trig")) || name.equals("manifest.ttl")) {
                        continue;
                    }
                    files++;
                    positive += name.contains("bad") ? 0 : 1;
                    Lang lang = name.endsWith(".trig") ? Lang.TRIG : Lang.TURTLE;
                    byte[] text = Files.readAllBytes(f);
                    TurtleChunkParser parser = new TurtleChunkParser(lang, ChunkedTurtleHarness.SCOPE);
                    TurtleChunk chunk = new TurtleChunk(text, 0, text.length, 1, 0, true, Prologue.initial(null));
                    TurtleChunkParser.Parsed fast = parser.parseBytes(chunk);
                    if (fast == null) {
                        continue;
                    }
                    taken++;
                    if (!name.contains("bad")) {
                        takenPositive++;
                    }
                    try {
                        TurtleBytesParserTest.assertSameReading(parser.parseWithRiot(chunk), fast, suite + "/" + name);
                    } catch (AssertionError e) {
                        failures.add(e.getMessage());
                    }
                }
            }
        }
        assertTrue(failures.isEmpty(), failures.size() + " files read differently:\n" + String.join("\n", failures));
        assertTrue(files > 500, "expected the suites' files, found " + files);
        // Most files use relative IRIs (RIOT's to resolve) or syntax outside the subset; 93 are taken.
        String took = "the byte reader took " + taken + " of " + files + " files, " + takenPositive + " of " + positive
                + " positive ones";
        assertTrue(takenPositive >= 80, took);
        System.out.println("TurtleBytesParserConformanceTest: " + took + ", all read as RIOT reads them");
    }
}
