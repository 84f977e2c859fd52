package dev.quarry.bench.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CountsComparisonTest {
    private static final String HEADER = "mix\ttemplate\trows\tms\terror\tquery\n";

    private static Path counts(Path dir, String server, String body) throws IOException {
        return Files.writeString(dir.resolve("counts-" + server + ".tsv"), HEADER + body);
    }

    private static int compare(List<Path> files, StringBuilder printed) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int n = CountsComparison.compare(files, new PrintStream(out, true, StandardCharsets.UTF_8));
        printed.append(out.toString(StandardCharsets.UTF_8));
        return n;
    }

    @Test
    void equalCountsAgreeWhateverTheTimes(@TempDir Path dir) throws IOException {
        Path a = counts(dir, "a", "0\tQ1\t3\t1.5\t\tSELECT 1\n0\tQ2\t0\t2.0\t\tSELECT 2\n");
        Path b = counts(dir, "b", "0\tQ1\t3\t9.5\t\tSELECT 1\n0\tQ2\t0\t7.0\t\tSELECT 2\n");
        StringBuilder out = new StringBuilder();
        assertEquals(0, compare(List.of(a, b), out));
        assertTrue(out.toString().contains("all row counts agree"), out::toString);
    }

    @Test
    void aDifferentCountAFailureOrAMissingQueryIsAMismatch(@TempDir Path dir) throws IOException {
        Path a = counts(dir, "a", "0\tQ1\t3\t1\t\tSELECT 1\n0\tQ2\t5\t1\t\tSELECT 2\n1\tQ1\t4\t1\t\tSELECT 3\n");
        Path b = counts(dir, "b", "0\tQ1\t2\t1\t\tSELECT 1\n0\tQ2\t-1\t1\tHTTP 500: boom\tSELECT 2\n");
        StringBuilder out = new StringBuilder();
        assertEquals(3, compare(List.of(a, b), out));
        assertTrue(out.toString().contains("MISMATCH Q1 (mix 0): {a=3, b=2}"), out::toString);
        assertTrue(out.toString().contains("b=error: HTTP 500: boom"), out::toString);
    }
}
