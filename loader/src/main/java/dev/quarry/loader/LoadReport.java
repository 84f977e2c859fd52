package dev.quarry.loader;

import java.util.List;
import java.util.Locale;

/**
 * The outcome of a committed load, with Amazon Neptune's field names for the counts.
 *
 * @param totalRecords           statements parsed (each quad or triple read, duplicates included)
 * @param totalDuplicates        statements that added nothing: repeated within the load or already in the store
 * @param parsingErrors          statements skipped as malformed
 * @param datatypeMismatchErrors literals not valid for their datatype (loaded as written)
 * @param insertErrors           statements that could not be stored
 * @param totalTimeSpent         seconds, start to commit
 * @param newQuads               quads the store did not have before
 * @param newTerms               dictionary terms added
 * @param feedsLoaded            feeds (files, archive entries) read
 * @param feedsSkipped           feeds skipped in RESUME mode
 * @param entriesSkipped         archive entries, and files found in a directory or by a glob, whose name tells no RDF format
 * @param commits                atomic ingests the load made (1 for NEW; one per feed group for RESUME)
 * @param spilledRuns            sorted runs written to disk (0 when everything fit in memory)
 * @param peakHeapBytes          largest heap use sampled during the load
 * @param storeSizeBytes         store size on disk after the commit
 * @param errors                 the first {@link #MAX_ERRORS} errors
 */
public record LoadReport(long totalRecords, long totalDuplicates, long parsingErrors, long datatypeMismatchErrors,
                         long insertErrors, double totalTimeSpent, long newQuads, long newTerms, int feedsLoaded,
                         int feedsSkipped, int entriesSkipped, int commits, int spilledRuns, long peakHeapBytes,
                         long storeSizeBytes, List<LoadError> errors) {
    public static final int MAX_ERRORS = 10_000;

    public LoadReport {
        errors = List.copyOf(errors);
    }

    public double quadsPerSecond() {
        return totalTimeSpent <= 0 ? 0 : totalRecords / totalTimeSpent;
    }

    /** Whether statements were not loaded: bad statements skipped, or lines of a feed not read. */
    public boolean statementsLost() {
        return parsingErrors + datatypeMismatchErrors + insertErrors > 0;
    }

    /** The report as a JSON object (Neptune's names for the counts). */
    public String toJson() {
        StringBuilder b = new StringBuilder(256 + errors.size() * 96);
        b.append("{\n");
        b.append("  \"status\": ");
        string(b, statementsLost() ? "LOADED_WITH_ERRORS" : "LOADED");
        b.append(",\n");
        field(b, "totalRecords", totalRecords);
        field(b, "totalDuplicates", totalDuplicates);
        field(b, "parsingErrors", parsingErrors);
        field(b, "datatypeMismatchErrors", datatypeMismatchErrors);
        field(b, "insertErrors", insertErrors);
        b.append("  \"totalTimeSpent\": ").append(String.format(Locale.ROOT, "%.3f", totalTimeSpent)).append(",\n");
        b.append("  \"quadsPerSecond\": ").append(String.format(Locale.ROOT, "%.0f", quadsPerSecond())).append(",\n");
        field(b, "newQuads", newQuads);
        field(b, "newTerms", newTerms);
        field(b, "feedsLoaded", feedsLoaded);
        field(b, "feedsSkipped", feedsSkipped);
        field(b, "entriesSkipped", entriesSkipped);
        field(b, "commits", commits);
        field(b, "spilledRuns", spilledRuns);
        field(b, "peakHeapBytes", peakHeapBytes);
        field(b, "storeSizeBytes", storeSizeBytes);
        errors(b, errors);
        return b.append("}\n").toString();
    }

    /**
     * The report of a load that failed (nothing of it, or of its group in progress with RESUME,
     * became visible): why, and the bad statements seen before it stopped.
     */
    public static String failureJson(String message, List<LoadError> errors) {
        StringBuilder b = new StringBuilder(256 + errors.size() * 96);
        b.append("{\n  \"status\": \"FAILED\",\n  \"message\": ");
        string(b, message);
        b.append(",\n");
        errors(b, errors);
        return b.append("}\n").toString();
    }

    private static void errors(StringBuilder b, List<LoadError> errors) {
        b.append("  \"errors\": [");
        for (int i = 0; i < errors.size(); i++) {
            LoadError e = errors.get(i);
            b.append(i == 0 ? "\n" : ",\n");
            b.append("    {\"kind\": ");
            string(b, e.kind().name());
            b.append(", \"file\": ");
            string(b, e.file());
            b.append(", \"line\": ").append(e.line()).append(", \"column\": ").append(e.column());
            b.append(", \"message\": ");
            string(b, e.message());
            b.append('}');
        }
        b.append(errors.isEmpty() ? "]\n" : "\n  ]\n");
    }

    private static void field(StringBuilder b, String name, long v) {
        b.append("  \"").append(name).append("\": ").append(v).append(",\n");
    }

    private static void string(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        b.append('"');
    }
}
