package dev.quarry.endpoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.loader.LoadError;
import dev.quarry.loader.progress.LoadProgress;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What quarry load prints while it runs, and how it reads --memory. */
class LoadOutputTest {
    @Test
    void memorySizes() {
        assertEquals(512L << 20, ByteSize.parse("512m"));
        assertEquals(2L << 30, ByteSize.parse("2G"));
        assertEquals(64L << 10, ByteSize.parse("64KiB"));
        assertEquals(1000, ByteSize.parse("1000"));
        assertThrows(IllegalArgumentException.class, () -> ByteSize.parse("lots"));
        assertThrows(IllegalArgumentException.class, () -> ByteSize.parse("0"));
        assertThrows(IllegalArgumentException.class, () -> ByteSize.parse("-5m"));
    }

    @Test
    void progressLineShowsBytesOfTotalRateAndEta() {
        // 1 MiB of 4 MiB read in 2 s: 3 MiB left at the same pace is 6 s
        LoadProgress p = new LoadProgress("reading", 1 << 20, 4 << 20, 100_000, 0, 2_000_000_000L);
        assertEquals("reading  1.0 MiB / 4.0 MiB (25%)  100,000 quads  50,000 quads/s  ETA 6s",
                LoadProgressPrinter.line(p));
        LoadProgress merging = new LoadProgress("merging", 4 << 20, -1, 400_000, 3, 8_000_000_000L);
        assertEquals("merging  4.0 MiB  400,000 quads  50,000 quads/s  3 errors", LoadProgressPrinter.line(merging));
        LoadProgress written = new LoadProgress("merging", 4 << 20, 4 << 20, 400_000, 0, 8_000_000_000L, 1_350_000, 3_000_000);
        assertEquals("merging  files 45% written  400,000 quads  50,000 quads/s", LoadProgressPrinter.line(written));
        LoadProgress committing = new LoadProgress("committing", 4 << 20, -1, 400_000, 0, 8_000_000_000L);
        assertEquals("committing 4.0 MiB  400,000 quads  50,000 quads/s", LoadProgressPrinter.line(committing));
    }

    @Test
    void warningsArePrintedOneLineEach() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        LoadProgressPrinter log = new LoadProgressPrinter(new PrintStream(buf, true, StandardCharsets.UTF_8), LoadProgressPrinter.Display.LOG, 80, false);
        log.warning("skipped a.zip!/README: its name tells no RDF format");
        assertEquals("warning: skipped a.zip!/README: its name tells no RDF format\n",
                buf.toString(StandardCharsets.UTF_8));
    }

    @Test
    void terminalRedrawsOneLineAndLogsPrintEveryFewSeconds() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(buf, true, StandardCharsets.UTF_8);
        LoadProgressPrinter tty = new LoadProgressPrinter(err, LoadProgressPrinter.Display.REDRAW, 200, false);
        tty.progress(new LoadProgress("reading", 10, 100, 1, 0, 1_000_000_000L));
        tty.progress(new LoadProgress("reading", 20, 100, 2, 0, 2_000_000_000L));
        tty.end();
        String out = buf.toString(StandardCharsets.UTF_8);
        assertEquals(4, out.chars().filter(c -> c == '\r').count(), out); // two redraws, then a clear: \r blanks \r
        assertTrue(!out.contains("\n"), out);

        buf.reset();
        LoadProgressPrinter log = new LoadProgressPrinter(err, LoadProgressPrinter.Display.LOG, 80, false);
        for (int s = 1; s <= 11; s++) {
            log.progress(new LoadProgress("reading", s, 100, s, 0, s * 1_000_000_000L));
        }
        assertEquals(2, buf.toString(StandardCharsets.UTF_8).lines().count(), buf.toString(StandardCharsets.UTF_8));
    }

    @Test
    void errorsArePrintedUpToTheCapThenCounted() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(buf, true, StandardCharsets.UTF_8);
        LoadProgressPrinter p = new LoadProgressPrinter(err, LoadProgressPrinter.Display.LOG, 80, false);
        for (int i = 1; i <= LoadProgressPrinter.MAX_PRINTED + 7; i++) {
            p.error(new LoadError(LoadError.Kind.PARSING, "f.nt", i, 3, "bad"));
        }
        p.printErrorTail();
        var lines = buf.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(LoadProgressPrinter.MAX_PRINTED + 1, lines.size());
        assertEquals("f.nt:1:3: bad", lines.getFirst());
        assertTrue(lines.getLast().startsWith("... and 7 more errors"), lines.getLast());
        assertEquals(1, p.firstError().line());
    }
}
