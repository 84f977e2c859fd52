package dev.quarry.spark;

import dev.quarry.loader.LoadError;
import dev.quarry.loader.LoadReport;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;
import org.apache.jena.atlas.json.JSON;
import org.apache.jena.atlas.json.JsonNumber;
import org.apache.jena.atlas.json.JsonObject;

/**
 * The outcome of a build, with the loader's names for the counts ({@link LoadReport}).
 *
 * @param totalRecords           statements parsed, duplicates included
 * @param quads                  distinct quads built
 * @param parsingErrors          statements skipped as malformed
 * @param datatypeMismatchErrors statements skipped: a literal not valid for its datatype
 * @param newTerms               dictionary terms the ingest will add
 * @param newPrefixes            namespaces the ingest will add
 * @param files                  input files read
 * @param splits                 input splits (parse tasks)
 * @param stageSeconds           wall-clock seconds of each stage, in order
 * @param errors                 the first {@link LoadReport#MAX_ERRORS}, in file and line order
 */
public record BuildReport(long totalRecords, long quads, long parsingErrors, long datatypeMismatchErrors, long newTerms,
                          long newPrefixes, int files, int splits, Map<String, Double> stageSeconds, List<LoadError> errors) {

    public double totalSeconds() {
        return stageSeconds.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    /** The report as JSON: the loader's report's names where the counts are the same ones. */
    public String toJson() {
        JsonObject o = new JsonObject();
        o.put("status", parsingErrors + datatypeMismatchErrors > 0 ? "BUILT_WITH_ERRORS" : "BUILT");
        long[] counts = {totalRecords, quads, parsingErrors, datatypeMismatchErrors, newTerms, newPrefixes, files, splits};
        String[] names = {"totalRecords", "quads", "parsingErrors", "datatypeMismatchErrors", "newTerms", "newPrefixes",
            "files", "splits"};
        for (int i = 0; i < counts.length; i++) {
            o.put(names[i], counts[i]);
        }
        JsonObject stages = new JsonObject();
        stageSeconds.forEach((k, v) -> stages.put(k, seconds(v)));
        o.put("stageSeconds", stages);
        o.put("totalTimeSpent", seconds(totalSeconds()));
        o.put("errors", LoadReport.errorsJson(errors));
        return JSON.toString(o) + "\n";
    }

    private static JsonNumber seconds(double s) {
        return JsonNumber.value(BigDecimal.valueOf(s).setScale(3, RoundingMode.HALF_EVEN));
    }
}
