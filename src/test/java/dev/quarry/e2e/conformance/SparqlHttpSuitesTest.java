package dev.quarry.e2e.conformance;

import dev.quarry.testing.ConformanceTest;
import dev.quarry.testing.w3c.Manifest;
import dev.quarry.testing.w3c.ManifestEntry;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The evaluation tests of the W3C SPARQL 1.1 query, update and result-format suites
 * through the HTTP endpoint, one server and store for all. Data goes into the store
 * directly; the query or update is POSTed to {@code /sparql}; query answers are parsed as
 * a client would and the store's state after an update is read back, then compared
 * exactly as in-process ({@link QueryEvaluation}, {@link UpdateEvaluation}). The query
 * suite runs twice, answers asked for in SPARQL JSON and in SPARQL XML; the result-format
 * suite asks for the format of each expected file (JSON, TSV, CSV). Syntax tests are
 * parser-only and run in {@link SparqlSuitesTest}.
 */
@ConformanceTest
class SparqlHttpSuitesTest {
    private static final String QUERY = "sparql11-query over HTTP";
    private static final String QUERY_XML = "sparql11-query over HTTP, XML results";
    private static final String UPDATE = "sparql11-update over HTTP";
    private static final String RESULTS = "sparql11-results over HTTP";
    private static StoreFixture fixture;
    private static HttpTarget http;

    @BeforeAll
    static void open() {
        fixture = new StoreFixture();
        http = HttpTarget.start(fixture.store());
    }

    @AfterAll
    static void close() {
        http.close();
        fixture.close();
        SuiteTally.print(QUERY);
        SuiteTally.print(QUERY_XML);
        SuiteTally.print(UPDATE);
        SuiteTally.print(RESULTS);
    }

    @TestFactory
    Stream<DynamicTest> sparql11QueryOverHttp() {
        var entries = evaluationTests("sparql/sparql11/manifest-sparql11-query.ttl", "QueryEvaluationTest");
        return EntryTests.of(QUERY, entries, HttpSkipList::reason, e -> () -> QueryEvaluation.run(e, fixture, http));
    }

    @TestFactory
    Stream<DynamicTest> sparql11QueryOverHttpAsXml() {
        var entries = evaluationTests("sparql/sparql11/manifest-sparql11-query.ttl", "QueryEvaluationTest");
        HttpTarget xml = http.askingFor("application/sparql-results+xml");
        return EntryTests.of(QUERY_XML, entries, HttpSkipList::reason, e -> () -> QueryEvaluation.run(e, fixture, xml));
    }

    /** The CSV/TSV and JSON result-format tests: each asks for the format of its expected result. */
    @TestFactory
    Stream<DynamicTest> sparql11ResultFormatsOverHttp() {
        var entries = Manifest.entries(Conformance.manifest("sparql/sparql11/manifest-sparql11-results.ttl"));
        return EntryTests.of(RESULTS, entries, HttpSkipList::reason, e -> () -> {
            String expected = e.result().toString();
            if (e.type().equals("CSVResultFormatTest")) {
                CsvResults.check(e, fixture, http.askingFor("text/csv"));
            } else {
                String media = expected.endsWith(".tsv") ? "text/tab-separated-values"
                        : expected.endsWith(".csv") ? "text/csv" : "application/sparql-results+json";
                QueryEvaluation.run(e, fixture, http.askingFor(media));
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> sparql11UpdateOverHttp() {
        var entries = evaluationTests("sparql/sparql11/manifest-sparql11-update.ttl", "UpdateEvaluationTest");
        return EntryTests.of(UPDATE, entries, HttpSkipList::reason, e -> () -> UpdateEvaluation.run(e, fixture, http));
    }

    private static List<ManifestEntry> evaluationTests(String manifest, String type) {
        return Manifest.entries(Conformance.manifest(manifest)).stream().filter(e -> e.type().equals(type)).toList();
    }
}
