package dev.quarry.e2e.conformance;

import dev.quarry.testing.ConformanceTest;
import dev.quarry.testing.w3c.Manifest;
import dev.quarry.testing.w3c.ManifestEntry;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;

/**
 * The W3C SPARQL 1.1 query and update suites (evaluation and syntax tests) on the store
 * through ARQ, one store for both. {@link SparqlHttpSuitesTest} runs the evaluation tests
 * again through the HTTP endpoint.
 */
@ConformanceTest
class SparqlSuitesTest {
    private static final String QUERY = "sparql11-query";
    private static final String UPDATE = "sparql11-update";
    private static StoreFixture fixture;

    @BeforeAll
    static void open() {
        fixture = new StoreFixture();
    }

    @AfterAll
    static void close() {
        fixture.close();
        SuiteTally.print(QUERY);
        SuiteTally.print(UPDATE);
        System.out.println("id-level engine: " + dev.quarry.engine.arq.IdQueryEngineFactory.idLevelQueries()
                + " queries; ARQ-based engine: " + dev.quarry.engine.arq.IdQueryEngineFactory.fallbackQueries()
                + " " + dev.quarry.engine.arq.IdQueryEngineFactory.fallbackReasons());
    }

    @TestFactory
    Stream<DynamicTest> sparql11Query() {
        var entries = Manifest.entries(Conformance.manifest("sparql/sparql11/manifest-sparql11-query.ttl"));
        return EntryTests.of(QUERY, entries, e -> test(e, "QueryEvaluationTest", () -> QueryEvaluation.run(e, fixture)));
    }

    @TestFactory
    Stream<DynamicTest> sparql11Update() {
        var entries = Manifest.entries(Conformance.manifest("sparql/sparql11/manifest-sparql11-update.ttl"));
        return EntryTests.of(UPDATE, entries, e -> test(e, "UpdateEvaluationTest", () -> UpdateEvaluation.run(e, fixture)));
    }

    /** A syntax test runs the parser; an evaluation test of {@code evaluationType} runs {@code evaluation}. */
    private static Executable test(ManifestEntry e, String evaluationType, Executable evaluation) {
        Executable syntax = SparqlSyntax.syntaxTest(e);
        if (syntax != null) {
            return syntax;
        }
        if (e.type().equals(evaluationType)) {
            return evaluation;
        }
        return () -> {
            throw new AssertionError("no runner for test type '" + e.type() + "'");
        };
    }
}
