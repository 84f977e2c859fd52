package dev.quarry.loader;

import dev.quarry.loader.progress.StageTimes;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;
import org.apache.jena.atlas.json.JSON;
import org.apache.jena.atlas.json.JsonArray;
import org.apache.jena.atlas.json.JsonNumber;
import org.apache.jena.atlas.json.JsonObject;

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
 * @param stageSeconds           busy seconds per stage, summed over the stage's threads ({@link StageTimes})
 * @param errors                 the first {@link #MAX_ERRORS} errors
 */
public record LoadReport(long totalRecords, long totalDuplicates, long parsingErrors, long datatypeMismatchErrors,
                         long insertErrors, double totalTimeSpent, long newQuads, long newTerms, int feedsLoaded,
                         int feedsSkipped, int entriesSkipped, int commits, int spilledRuns, long peakHeapBytes,
                         long storeSizeBytes, Map<StageTimes.Stage, Double> stageSeconds, List<LoadError> errors) {
    public static final int MAX_ERRORS = 10_000;

    public LoadReport {
        stageSeconds = Map.copyOf(stageSeconds);
        errors = List.copyOf(errors);
    }

    public double quadsPerSecond() {
        return totalTimeSpent <= 0 ? 0 : totalRecords / totalTimeSpent;
    }

    /** Whether statements were not loaded: bad statements skipped, or lines of a feed not read. */
    public boolean statementsLost() {
        return parsingErrors + datatypeMismatchErrors + insertErrors > 0;
    }

    /** The report as a JSON document (Neptune's names for the counts), written by Jena's JSON writer as the server's bodies are. */
    public String toJson() {
        return JSON.toString(toJsonObject()) + "\n";
    }

    /** The report as a JSON object. */
    public JsonObject toJsonObject() {
        JsonObject o = new JsonObject();
        o.put("status", statementsLost() ? "LOADED_WITH_ERRORS" : "LOADED");
        o.put("totalRecords", totalRecords);
        o.put("totalDuplicates", totalDuplicates);
        o.put("parsingErrors", parsingErrors);
        o.put("datatypeMismatchErrors", datatypeMismatchErrors);
        o.put("insertErrors", insertErrors);
        o.put("totalTimeSpent", JsonNumber.value(BigDecimal.valueOf(totalTimeSpent).setScale(3, RoundingMode.HALF_EVEN)));
        o.put("quadsPerSecond", Math.round(quadsPerSecond()));
        o.put("newQuads", newQuads);
        o.put("newTerms", newTerms);
        o.put("feedsLoaded", feedsLoaded);
        o.put("feedsSkipped", feedsSkipped);
        o.put("entriesSkipped", entriesSkipped);
        o.put("commits", commits);
        o.put("spilledRuns", spilledRuns);
        o.put("peakHeapBytes", peakHeapBytes);
        o.put("storeSizeBytes", storeSizeBytes);
        JsonObject stages = new JsonObject();
        for (StageTimes.Stage s : StageTimes.Stage.values()) {
            double sec = stageSeconds.getOrDefault(s, 0.0);
            JsonObject stage = new JsonObject();
            stage.put("threadSeconds", JsonNumber.value(BigDecimal.valueOf(sec).setScale(3, RoundingMode.HALF_EVEN)));
            stage.put("quadsPerThreadSecond", sec <= 0 ? 0 : Math.round(totalRecords / sec));
            stages.put(s.key, stage);
        }
        o.put("stages", stages);
        o.put("errors", errorsJson(errors));
        return o;
    }

    /**
     * The report of a load that failed (nothing of it, or of its group in progress with RESUME,
     * became visible): why, and the bad statements seen before it stopped.
     */
    public static String failureJson(String message, List<LoadError> errors) {
        JsonObject o = new JsonObject();
        o.put("status", "FAILED");
        o.put("message", message);
        o.put("errors", errorsJson(errors));
        return JSON.toString(o) + "\n";
    }

    /** Bad statements as a JSON array of {kind, file, line, column, message} (also in the loader API's job records). */
    public static JsonArray errorsJson(List<LoadError> errors) {
        JsonArray a = new JsonArray();
        for (LoadError e : errors) {
            JsonObject o = new JsonObject();
            o.put("kind", e.kind().name());
            o.put("file", e.file());
            o.put("line", e.line());
            o.put("column", e.column());
            o.put("message", e.message());
            a.add(o);
        }
        return a;
    }
}
