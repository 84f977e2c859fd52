package dev.quarry.bench.http;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The answers of one run, indexed by (mix, template), and what is printed from them: per
 * template the median and 95th percentile latency of the timed mixes, rows, empty answers,
 * errors and a checksum of the row counts (equal on two servers only if every count is), and
 * queries per hour over the timed mixes.
 */
final class RunResults {
    private final List<QueryTemplate> templates;
    private final int warmup;
    private final SparqlClient.Answer[][] answers;
    private final String[][] texts;
    private long timedNanos;

    RunResults(List<QueryTemplate> templates, int warmup, int mixes) {
        this.templates = templates;
        this.warmup = warmup;
        this.answers = new SparqlClient.Answer[warmup + mixes][templates.size()];
        this.texts = new String[warmup + mixes][templates.size()];
    }

    synchronized void record(MixPlan.Query q, SparqlClient.Answer a) {
        answers[q.mix()][q.template()] = a;
        texts[q.mix()][q.template()] = q.text();
    }

    void timedNanos(long nanos) {
        timedNanos = nanos;
    }

    int timedMixes() {
        return answers.length - warmup;
    }

    /** Queries per hour over the timed mixes (every query counts, failed ones too). */
    double qph() {
        return timedMixes() * (double) templates.size() / (timedNanos / 3.6e12);
    }

    /** Row count checksum of a template over all mixes (warm-up too): order-independent. */
    String checksum(int t) {
        long sum = 0;
        for (int m = 0; m < answers.length; m++) {
            long x = (m * 0x9E3779B97F4A7C15L) ^ answers[m][t].rows();
            x = (x ^ (x >>> 31)) * 0xBF58476D1CE4E5B9L;
            sum += x ^ (x >>> 29);
        }
        return String.format("%08x", (int) (sum ^ (sum >>> 32)));
    }

    void print(PrintStream out, String name) {
        out.printf(Locale.ROOT, "%-30s %9s %9s %9s %6s %6s %9s%n", name + ": template", "median ms", "p95 ms", "avg rows", "empty", "errors", "checksum");
        for (int t = 0; t < templates.size(); t++) {
            double[] ms = latencies(t);
            out.printf(Locale.ROOT, "%-30s %9.2f %9.2f %9.1f %6d %6d %9s%n", templates.get(t).name(), percentile(ms, 50),
                percentile(ms, 95), avgRows(t), count(t, 0), count(t, -1), checksum(t));
        }
        out.printf(Locale.ROOT, "%s: %.0f queries per hour (%d timed mixes x %d templates in %.1f s)%n", name, qph(),
            timedMixes(), templates.size(), timedNanos / 1e9);
    }

    /** Prints the first failing query of each template with its error, and each template's empty answers. */
    void printProblems(PrintStream err, String name) {
        for (int t = 0; t < templates.size(); t++) {
            int empty = count(t, 0);
            if (empty * 2 > answers.length) {
                err.printf("%s: WARNING %s returned no row for %d of %d parameter draws%n", name, templates.get(t).name(), empty, answers.length);
            }
            for (int m = 0; m < answers.length; m++) {
                if (!answers[m][t].ok()) {
                    err.printf("%s: ERROR %s (mix %d): %s%n  query: %s%n", name, templates.get(t).name(), m,
                        answers[m][t].error(), texts[m][t].substring(ExploreMix.PREFIXES.length()));
                    break;
                }
            }
        }
    }

    /** One line per query: mix, template, rows, milliseconds, error; the input of {@link CountsComparison}. */
    void writeCounts(Path file) throws IOException {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(file))) {
            w.println("mix\ttemplate\trows\tms\terror\tquery");
            for (int m = 0; m < answers.length; m++) {
                for (int t = 0; t < templates.size(); t++) {
                    SparqlClient.Answer a = answers[m][t];
                    w.printf(Locale.ROOT, "%d\t%s\t%d\t%.3f\t%s\t%s%n", m, templates.get(t).name(), a.rows(), a.nanos() / 1e6,
                        a.ok() ? "" : a.error().replaceAll("\\s+", " "), texts[m][t].substring(ExploreMix.PREFIXES.length()).replaceAll("\\s+", " "));
                }
            }
        }
    }

    /** Appends the summary rows (server, template, median, p95, avg rows, empty, errors, checksum; then QpH). */
    void appendSummary(Path file, String name) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int t = 0; t < templates.size(); t++) {
            double[] ms = latencies(t);
            sb.append(String.format(Locale.ROOT, "%s\t%s\t%.3f\t%.3f\t%.1f\t%d\t%d\t%s%n", name, templates.get(t).name(),
                percentile(ms, 50), percentile(ms, 95), avgRows(t), count(t, 0), count(t, -1), checksum(t)));
        }
        sb.append(String.format(Locale.ROOT, "%s\tQpH\t%.0f\t\t\t\t%d\t%n", name, qph(), totalErrors()));
        Files.writeString(file, sb, java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
    }

    int totalErrors() {
        int n = 0;
        for (int t = 0; t < templates.size(); t++) {
            n += count(t, -1);
        }
        return n;
    }

    private double[] latencies(int t) {
        double[] ms = new double[timedMixes()];
        for (int m = warmup; m < answers.length; m++) {
            ms[m - warmup] = answers[m][t].nanos() / 1e6;
        }
        Arrays.sort(ms);
        return ms;
    }

    /** Nearest-rank percentile of sorted values. */
    static double percentile(double[] sorted, int p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }

    private double avgRows(int t) {
        long sum = 0;
        int n = 0;
        for (SparqlClient.Answer[] mix : answers) {
            if (mix[t].ok()) {
                sum += mix[t].rows();
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / (double) n;
    }

    /** How many answers of template t had exactly {@code rows} rows (-1 = failed). */
    private int count(int t, long rows) {
        int n = 0;
        for (SparqlClient.Answer[] mix : answers) {
            if (mix[t].rows() == rows) {
                n++;
            }
        }
        return n;
    }
}
