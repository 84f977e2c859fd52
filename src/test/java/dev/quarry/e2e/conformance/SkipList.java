package dev.quarry.e2e.conformance;

import dev.quarry.testing.w3c.ManifestEntry;
import java.util.Map;

/**
 * Conformance tests that are known not to pass, each with the reason. A listed test
 * that passes fails the build (see {@link EntryTests}), so this list stays honest.
 * Keys are {@link ManifestEntry#id(java.nio.file.Path)} values.
 */
final class SkipList {
    private SkipList() {}

    // The RDF suites test the store, so their skips are places where RIOT, the parser and
    // oracle, is more lenient than the W3C grammar: the file is accepted, not rejected.
    private static final String RIOT_RELATIVE_IRI = "RIOT (Jena 6.2.0) accepts a relative or malformed IRI in N-Triples/N-Quads";

    // SPARQL skips are ARQ's: the query fails the same way on Jena's in-memory dataset
    // (QueryEvaluation checks that and says so in the failure message).
    private static final String SPARQL11 = "http://www.w3.org/2009/sparql/docs/tests/data-sparql11/";

    private static final Map<String, String> REASONS = Map.ofEntries(
            Map.entry("rdf/rdf11/rdf-n-triples/manifest.ttl#nt-syntax-bad-uri-06", RIOT_RELATIVE_IRI),
            Map.entry("rdf/rdf11/rdf-n-triples/manifest.ttl#nt-syntax-bad-uri-07", RIOT_RELATIVE_IRI),
            Map.entry("rdf/rdf11/rdf-n-triples/manifest.ttl#nt-syntax-bad-uri-08", RIOT_RELATIVE_IRI),
            Map.entry("rdf/rdf11/rdf-n-triples/manifest.ttl#nt-syntax-bad-uri-09", RIOT_RELATIVE_IRI),
            Map.entry("rdf/rdf11/rdf-n-quads/manifest.ttl#nt-syntax-bad-uri-06", RIOT_RELATIVE_IRI),
            Map.entry("rdf/rdf11/rdf-n-quads/manifest.ttl#nt-syntax-bad-uri-07", RIOT_RELATIVE_IRI),
            Map.entry("rdf/rdf11/rdf-n-quads/manifest.ttl#nt-syntax-bad-uri-08", RIOT_RELATIVE_IRI),
            Map.entry("rdf/rdf11/rdf-n-quads/manifest.ttl#nt-syntax-bad-uri-09", RIOT_RELATIVE_IRI),
            Map.entry("rdf/rdf11/rdf-n-quads/manifest.ttl#nq-syntax-bad-uri-01", RIOT_RELATIVE_IRI),
            Map.entry("rdf/rdf11/rdf-trig/manifest.ttl#trig-syntax-bad-list-01", "RIOT accepts a bare collection as a TriG statement"),
            Map.entry("rdf/rdf11/rdf-trig/manifest.ttl#trig-syntax-bad-list-02", "RIOT accepts a bare collection as a TriG statement"),
            Map.entry("rdf/rdf11/rdf-trig/manifest.ttl#trig-syntax-bad-list-03", "RIOT accepts a bare collection as a TriG statement"),
            Map.entry("rdf/rdf11/rdf-trig/manifest.ttl#trig-syntax-bad-list-04", "RIOT accepts a bare collection as a TriG statement"),
            Map.entry("rdf/rdf11/rdf-trig/manifest.ttl#trig-graph-bad-02", "RIOT accepts a '.' after a GRAPH block"),
            Map.entry("rdf/rdf11/rdf-turtle/manifest.ttl#turtle-syntax-bad-struct-08", "RIOT accepts a missing final '.' at end of file"),
            Map.entry("rdf/rdf11/rdf-turtle/manifest.ttl#turtle-syntax-bad-struct-11", "RIOT accepts a trailing ';' without the final '.' at end of file"),
            Map.entry("https://w3c.github.io/rdf-tests/rdf/rdf12/rdf-n-triples/syntax#ntriples12-bad-iri-1", RIOT_RELATIVE_IRI),
            Map.entry("https://w3c.github.io/rdf-tests/rdf/rdf12/rdf-n-triples/syntax#ntriples-langdir-bad-3", "RIOT accepts a malformed language tag or direction in N-Triples"),
            Map.entry("https://w3c.github.io/rdf-tests/rdf/rdf12/rdf-n-triples/syntax#ntriples-langdir-bad-4", "RIOT accepts a malformed language tag or direction in N-Triples"),
            Map.entry("https://w3c.github.io/rdf-tests/rdf/rdf12/rdf-n-triples/syntax#ntriples-langdir-bad-5", "RIOT accepts a malformed language tag or direction in N-Triples"));

    static String reason(String testId) {
        return REASONS.get(testId);
    }
}
