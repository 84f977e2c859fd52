package dev.quarry.bench.http;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Cross-checks the per-query row counts that several servers gave for the same plan (the files
 * written with {@code --counts}): a (mix, template, query) whose counts differ, or that one
 * server failed, is a MISMATCH. A fast server that answers wrongly must not look good.
 */
final class CountsComparison {
    private CountsComparison() {}

    /** Compares the files (first line a header); prints each mismatch; returns how many there were. */
    static int compare(List<Path> files, PrintStream out) throws IOException {
        Map<String, Map<String, String>> byQuery = new LinkedHashMap<>();
        for (Path file : files) {
            String server = file.getFileName().toString().replaceFirst("^counts-", "").replaceFirst("\\.tsv$", "");
            List<String> lines = Files.readAllLines(file);
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.split("\t", -1);
                if (f.length < 6) {
                    throw new IOException(file + ": not a counts file (line '" + line + "')");
                }
                String key = f[0] + "\t" + f[1] + "\t" + f[5];
                String rows = f[4].isEmpty() ? f[2] : "error: " + f[4];
                byQuery.computeIfAbsent(key, k -> new LinkedHashMap<>()).put(server, rows);
            }
        }
        int mismatches = 0;
        for (Map.Entry<String, Map<String, String>> e : byQuery.entrySet()) {
            Map<String, String> rows = e.getValue();
            if (rows.size() != files.size() || rows.values().stream().distinct().count() > 1) {
                if (mismatches++ < 30) {
                    String[] k = e.getKey().split("\t", 3);
                    out.printf("MISMATCH %s (mix %s): %s%n  query: %s%n", k[1], k[0], rows, k[2]);
                }
            }
        }
        out.printf("cross-check of %d servers on %d queries: %s%n", files.size(), byQuery.size(),
            mismatches == 0 ? "all row counts agree" : mismatches + " MISMATCH(es)");
        return mismatches;
    }
}
