package dev.quarry.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.jena.atlas.json.JSON;
import org.apache.jena.atlas.json.JsonArray;
import org.apache.jena.atlas.json.JsonObject;
import org.junit.jupiter.api.Test;

/** The --report JSON parses back to the report's figures, whatever characters the error messages hold. */
class LoadReportJsonTest {
    private static final LoadError NASTY = new LoadError(LoadError.Kind.values()[0], "/data/a \"b\".nt", 3, 7,
            "bad \\ term\n\tnext line \u0001 é");

    private static long number(JsonObject o, String key) {
        return o.get(key).getAsNumber().value().longValue();
    }

    @Test
    void aReportParsesBackWithEveryField() {
        LoadReport r = new LoadReport(10, 2, 1, 0, 0, 1.23456, 8, 5, 1, 0, 0, 1, 0, 1L << 30, 4096,
                java.util.Map.of(dev.quarry.loader.progress.StageTimes.Stage.PARSE, 2.5), List.of(NASTY));
        JsonObject o = JSON.parse(r.toJson());
        assertEquals("LOADED_WITH_ERRORS", o.get("status").getAsString().value());
        assertEquals(10, number(o, "totalRecords"));
        assertEquals(2, number(o, "totalDuplicates"));
        assertEquals(1, number(o, "parsingErrors"));
        assertEquals("1.235", o.get("totalTimeSpent").getAsNumber().value().toString());
        assertEquals(Math.round(10 / 1.23456), number(o, "quadsPerSecond"));
        assertEquals(1L << 30, number(o, "peakHeapBytes"));
        assertEquals(4096, number(o, "storeSizeBytes"));
        org.apache.jena.atlas.json.JsonObject parse = o.get("stages").getAsObject().get("parse").getAsObject();
        assertEquals("2.500", parse.get("threadSeconds").getAsNumber().value().toString());
        assertEquals(4, parse.get("quadsPerThreadSecond").getAsNumber().value().longValue());
        assertEquals("0.000", o.get("stages").getAsObject().get("ingest").getAsObject().get("threadSeconds").getAsNumber().value().toString());
        JsonArray errors = o.get("errors").getAsArray();
        assertEquals(1, errors.size());
        JsonObject e = errors.get(0).getAsObject();
        assertEquals(NASTY.file(), e.get("file").getAsString().value());
        assertEquals(NASTY.message(), e.get("message").getAsString().value());
        assertEquals(3, number(e, "line"));
        assertEquals(7, number(e, "column"));
        assertEquals(NASTY.kind().name(), e.get("kind").getAsString().value());
    }

    @Test
    void aFailureReportParsesBack() {
        JsonObject o = JSON.parse(LoadReport.failureJson("disk full: \"/tmp\"", List.of(NASTY, NASTY)));
        assertEquals("FAILED", o.get("status").getAsString().value());
        assertEquals("disk full: \"/tmp\"", o.get("message").getAsString().value());
        assertEquals(2, o.get("errors").getAsArray().size());
        assertEquals(0, JSON.parse(LoadReport.failureJson("x", List.of())).get("errors").getAsArray().size());
    }
}
