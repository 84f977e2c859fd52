package dev.quarry.e2e.conformance;

import java.util.Map;

/**
 * Skips for the suites run through the HTTP endpoint: the in-process {@link SkipList}
 * (the server runs the same ARQ on the same store, so those failures recur), plus
 * differences that only the protocol brings, each with the reason. A listed test that
 * passes fails the build, as in-process.
 */
final class HttpSkipList {
    private HttpSkipList() {}

    // The server refuses a LOAD its source policy forbids with 403 even under SILENT, by
    // design (SparqlLoad): a refusal is a security decision, not a failed load to hide.
    private static final String LOAD_REFUSED = "the server answers 403 to LOAD SILENT of a source its policy refuses"
            + " (here a 'somescheme:' IRI); ARQ in-process ignores the failed load";
    private static final String SILENT = "http://www.w3.org/2009/sparql/docs/tests/data-sparql11/update-silent/manifest#";

    private static final Map<String, String> REASONS = Map.ofEntries(
            Map.entry(SILENT + "load-silent", LOAD_REFUSED),
            Map.entry(SILENT + "load-into-silent", LOAD_REFUSED));

    static String reason(String testId) {
        String reason = REASONS.get(testId);
        return reason != null ? reason : SkipList.reason(testId);
    }
}
