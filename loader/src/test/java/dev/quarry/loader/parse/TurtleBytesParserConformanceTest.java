package dev.quarry.loader.parse;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.testing.ConformanceTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
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
        int[] files = new int[1], positive = new int[1], taken = new int[1], takenPositive = new int[1];
        List<String> failures = new ArrayList<>();
        ChunkedTurtleConformanceTest.forEachFile((name, f) -> {
            files[0]++;
            boolean good = !name.contains("bad");
            positive[0] += good ? 1 : 0;
            Lang lang = name.endsWith(".trig") ? Lang.TRIG : Lang.TURTLE;
            byte[] text;
            try {
                text = Files.readAllBytes(f);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            TurtleChunkParser parser = new TurtleChunkParser(lang, ChunkedTurtleHarness.SCOPE);
            TurtleChunk chunk = new TurtleChunk(text, 0, text.length, 1, 0, true, Prologue.initial(null));
            TurtleChunkParser.Parsed fast = parser.parseBytes(chunk);
            if (fast == null) {
                return;
            }
            taken[0]++;
            takenPositive[0] += good ? 1 : 0;
            try {
                TurtleBytesParserTest.assertSameReading(parser.parseWithRiot(chunk), fast, name);
            } catch (AssertionError e) {
                failures.add(e.getMessage());
            }
        });
        assertTrue(failures.isEmpty(), failures.size() + " files read differently:\n" + String.join("\n", failures));
        assertTrue(files[0] > 500, "expected the suites' files, found " + files[0]);
        // Most files use relative IRIs (RIOT's to resolve) or syntax outside the subset: 189 of 583 are taken.
        String took = "the byte reader took " + taken[0] + " of " + files[0] + " files, " + takenPositive[0] + " of "
                + positive[0] + " positive ones";
        assertTrue(takenPositive[0] >= 150, took);
        System.out.println("TurtleBytesParserConformanceTest: " + took + ", all read as RIOT reads them");
    }
}
