package dev.quarry.endpoint.cli;

import dev.quarry.loader.LoadError;
import dev.quarry.loader.LoadListener;
import dev.quarry.loader.progress.LoadProgress;
import java.io.PrintStream;

/**
 * What {@code quarry load} prints while it runs, on stderr: on a terminal one progress line
 * redrawn in place (input read of its total, quads/s, ETA), cut to the terminal's width so
 * that it never wraps; otherwise a log line every few seconds, so that a log file does not
 * fill with redraws ({@link ProgressMode} decides). Bad statements are printed as
 * {@code file:line:col: message}, the first {@link #MAX_PRINTED}; the rest are counted.
 * Skipped input is printed as {@code warning: ...}.
 */
final class LoadProgressPrinter implements LoadListener {
    static final int MAX_PRINTED = 100;
    private static final long LOG_EVERY_NANOS = 5_000_000_000L;

    /** How progress is shown. */
    enum Display {
        /** One line redrawn in place with carriage returns. */
        REDRAW,
        /** A line every few seconds. */
        LOG,
        /** None. */
        NONE
    }

    private final PrintStream err;
    private final Display display;
    private final int width;
    private final boolean failOnError;
    private long printedErrors;
    private long unprintedErrors;
    private long nextLog = LOG_EVERY_NANOS;
    private int drawnWidth;
    private LoadError firstError;
    private final java.util.List<LoadError> seen = new java.util.ArrayList<>();

    /**
     * @param failOnError the first error ends the load and is reported as its failure, so it
     *                    is not printed here too
     */
    LoadProgressPrinter(PrintStream err, Display display, int width, boolean failOnError) {
        this.err = err;
        this.display = display;
        this.width = width;
        this.failOnError = failOnError;
    }

    @Override
    public synchronized void progress(LoadProgress p) {
        if (display == Display.REDRAW) {
            String line = line(p);
            if (line.length() >= width) {
                line = line.substring(0, Math.max(0, width - 1)); // the last column would wrap on some terminals
            }
            err.print("\r" + line + " ".repeat(Math.max(0, drawnWidth - line.length())));
            err.flush();
            drawnWidth = line.length();
        } else if (display == Display.LOG && p.elapsedNanos() >= nextLog) {
            err.println("load: " + line(p));
            nextLog = p.elapsedNanos() + LOG_EVERY_NANOS;
        }
    }

    @Override
    public synchronized void error(LoadError e) {
        if (firstError == null) {
            firstError = e;
        }
        if (seen.size() < dev.quarry.loader.LoadReport.MAX_ERRORS) {
            seen.add(e);
        }
        if (failOnError) {
            return;
        }
        if (printedErrors >= MAX_PRINTED) {
            unprintedErrors++;
            return;
        }
        clearLine();
        err.println(ErrorLine.oneLine(e.toString()));
        printedErrors++;
    }

    /** Input passed over (an archive entry of unknown format): always printed, one line each. */
    @Override
    public synchronized void warning(String message) {
        clearLine();
        err.println("warning: " + ErrorLine.oneLine(message));
    }

    /** The bad statements seen (the first {@link dev.quarry.loader.LoadReport#MAX_ERRORS}), for a failed load's report. */
    synchronized java.util.List<LoadError> errorsSeen() {
        return java.util.List.copyOf(seen);
    }

    /** The first bad statement seen, or null. */
    synchronized LoadError firstError() {
        return firstError;
    }

    /** Ends the progress display (before the summary or the failure line). */
    synchronized void end() {
        clearLine();
    }

    /** Says how many errors were not printed. */
    synchronized void printErrorTail() {
        if (unprintedErrors > 0) {
            err.printf(Text.LOCALE, "... and %,d more errors not printed (--report FILE keeps the first 10,000)%n",
                    unprintedErrors);
        }
    }

    private void clearLine() {
        if (drawnWidth > 0) {
            err.print("\r" + " ".repeat(drawnWidth) + "\r");
            err.flush();
            drawnWidth = 0;
        }
    }

    /**
     * {@code reading  123.4 MiB / 1.2 GiB (10%)  1,234,567 quads  456,789 quads/s  ETA 1m 23s}; while
     * merging, how much of the files is written instead of the bytes read (all of them by then):
     * {@code merging  files 45% written  1,234,567 quads  456,789 quads/s}.
     */
    static String line(LoadProgress p) {
        StringBuilder b = new StringBuilder();
        b.append(p.phase()).append(" ".repeat(Math.max(1, 9 - p.phase().length()))); // "committing" is longer than 9
        if ("merging".equals(p.phase()) && p.mergedPercent() >= 0) {
            b.append("files ").append(p.mergedPercent()).append("% written");
        } else {
            b.append(Text.bytes(p.rawBytesRead()));
            if (p.rawBytesTotal() > 0) {
                b.append(" / ").append(Text.bytes(p.rawBytesTotal()));
                b.append(String.format(Text.LOCALE, " (%d%%)", Math.min(100, p.rawBytesRead() * 100 / p.rawBytesTotal())));
            }
        }
        b.append(String.format(Text.LOCALE, "  %,d quads  %,.0f quads/s", p.quads(), p.quadsPerSecond()));
        if (p.errors() > 0) {
            b.append(String.format(Text.LOCALE, "  %,d errors", p.errors()));
        }
        long eta = p.etaNanos();
        if (eta >= 0 && "reading".equals(p.phase())) {
            long s = eta / 1_000_000_000L;
            b.append(s >= 60 ? String.format(Text.LOCALE, "  ETA %dm %02ds", s / 60, s % 60)
                    : String.format(Text.LOCALE, "  ETA %ds", s));
        }
        return b.toString();
    }
}
