package dev.quarry.loader.parse;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.quarry.testing.ConformanceTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.apache.jena.riot.Lang;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every Turtle and TriG file of the W3C RDF 1.1 and 1.2 suites, positive and negative, read
 * in chunks as small as the splitter allows (a cut before every line it finds safe) on three
 * threads, gives exactly what one thread reading the file gives: the same statements and the
 * same errors (so the chunked path accepts and rejects what the loader accepted and rejected
 * before). Whether that matches the suite's verdicts is RIOT's part, checked by the
 * round-trip suites of the end-to-end tests.
 */
@ConformanceTest
class ChunkedTurtleConformanceTest {
    @TestFactory
    List<DynamicTest> w3cTurtleAndTriG() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        forEachFile((name, f) -> tests.add(DynamicTest.dynamicTest(name,
                () -> compare(f, f.toString().endsWith(".trig") ? Lang.TRIG : Lang.TURTLE))));
        assertTrue(tests.size() > 500, "expected the suites' files, found " + tests.size());
        return tests;
    }

    /** Gives each Turtle and TriG file of the W3C suites (skips the test if they are missing), named suite/file. */
    static void forEachFile(BiConsumer<String, Path> each) throws IOException {
        Path root = Path.of(System.getProperty("quarry.conformance.dir", "../../shared/conformance"), "rdf");
        assumeTrue(Files.isDirectory(root), "W3C suites not found at " + root);
        for (String suite : List.of("rdf11/rdf-turtle", "rdf11/rdf-trig", "rdf12/rdf-turtle", "rdf12/rdf-trig")) {
            Path dir = root.resolve(suite);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path f : files.sorted().toList()) {
                    String name = f.getFileName().toString();
                    if ((name.endsWith(".ttl") || name.endsWith(".trig")) && !name.equals("manifest.ttl")) {
                        each.accept(suite + "/" + dir.relativize(f), f);
                    }
                }
            }
        }
    }

    private static void compare(Path file, Lang lang) throws Exception {
        byte[] text = Files.readAllBytes(file); // as they are: a file that is not UTF-8 must fail the same way
        ChunkedTurtleHarness.Reading expected = ChunkedTurtleHarness.sequential(text, lang);
        ChunkedTurtleHarness.Reading actual = ChunkedTurtleHarness.chunked(text, lang, 1, 3);
        ChunkedTurtleHarness.assertSame(expected, actual, file.getFileName().toString());
        // A cut before every line, most of them wrong: what settling in order checks must catch each one.
        ChunkedTurtleHarness.assertSame(expected, ChunkedTurtleHarness.chunked(text, lang, 1, 3, true),
                file.getFileName() + ", cut before every line");
    }
}
