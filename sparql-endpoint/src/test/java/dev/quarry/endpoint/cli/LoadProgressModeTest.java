package dev.quarry.endpoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.loader.progress.LoadProgress;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** --progress=auto|always|never decides on whether stderr is a terminal; redrawn lines fit the terminal's width. */
class LoadProgressModeTest {
    private static final LoadProgress SAMPLE = new LoadProgress("reading", 10L << 20, 100L << 20, 123_456, 0, 6_000_000_000L);

    private static String printed(LoadProgressPrinter.Display display, int width) {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        LoadProgressPrinter p = new LoadProgressPrinter(new PrintStream(buf, true, StandardCharsets.UTF_8), display, width, false);
        p.progress(SAMPLE);
        p.end();
        return buf.toString(StandardCharsets.UTF_8);
    }

    @Test
    void autoFollowsStderrAlwaysAndNeverDoNot() {
        assertEquals(LoadProgressPrinter.Display.REDRAW, ProgressMode.AUTO.display(true));
        assertEquals(LoadProgressPrinter.Display.LOG, ProgressMode.AUTO.display(false));
        assertEquals(LoadProgressPrinter.Display.REDRAW, ProgressMode.ALWAYS.display(false));
        assertEquals(LoadProgressPrinter.Display.NONE, ProgressMode.NEVER.display(true));
    }

    @Test
    void neverPrintsNoProgressButStillPrintsBadStatements() {
        assertEquals("", printed(LoadProgressPrinter.Display.NONE, 80));
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        LoadProgressPrinter p = new LoadProgressPrinter(new PrintStream(buf, true, StandardCharsets.UTF_8),
                LoadProgressPrinter.Display.NONE, 80, false);
        p.warning("skipped x");
        assertEquals("warning: skipped x\n", buf.toString(StandardCharsets.UTF_8));
    }

    @Test
    void alwaysRedrawsInPlaceCutToTheWidth() {
        String full = LoadProgressPrinter.line(SAMPLE);
        assertTrue(full.length() > 40, full);
        String out = printed(LoadProgressPrinter.Display.REDRAW, 40);
        assertTrue(out.startsWith("\r" + full.substring(0, 39) + "\r"), out);
        assertFalse(out.contains("\n"), out);
        String wide = printed(LoadProgressPrinter.Display.REDRAW, 200);
        assertTrue(wide.startsWith("\r" + full + "\r"), wide);
    }

    @Test
    void widthComesFromColumnsElseEighty() {
        assertEquals(132, Terminal.width(Map.of("COLUMNS", "132")));
        assertEquals(80, Terminal.width(Map.of()));
        assertEquals(80, Terminal.width(Map.of("COLUMNS", "wide")));
        assertEquals(80, Terminal.width(Map.of("COLUMNS", "0")));
    }

    @Test
    void aRedirectedStderrIsNotATerminal() {
        // Tests run with stderr redirected to a file or pipe by the build.
        assertFalse(Terminal.stderrIsTerminal());
    }

    @Test
    void theOptionTakesTheModesInAnyCase() {
        LoadCommand load = new LoadCommand();
        picocli.CommandLine cl = new picocli.CommandLine(load);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.parseArgs("--store", "db", "--progress=never", "x.nt");
        assertEquals(ProgressMode.NEVER, load.progressMode);
        cl.parseArgs("--store", "db", "x.nt");
        assertEquals(ProgressMode.AUTO, load.progressMode);
    }
}
