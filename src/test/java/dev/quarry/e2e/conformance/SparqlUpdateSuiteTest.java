package dev.quarry.e2e.conformance;

import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;

/** The W3C SPARQL 1.1 update suite (evaluation and syntax tests) on the store through ARQ. */
class SparqlUpdateSuiteTest {
    private static StoreFixture fixture;

    @BeforeAll
    static void open() {
        fixture = new StoreFixture();
    }

    @AfterAll
    static void close() {
        fixture.close();
        SuiteTally.print("sparql11-update");
    }

    @TestFactory
    Stream<DynamicTest> sparql11Update() {
        var entries = Manifest.entries(Conformance.manifest("sparql/sparql11/manifest-sparql11-update.ttl"));
        return EntryTests.of("sparql11-update", entries, SparqlUpdateSuiteTest::test);
    }

    private static Executable test(ManifestEntry e) {
        Executable syntax = SparqlSyntax.syntaxTest(e);
        if (syntax != null) {
            return syntax;
        }
        if (e.type().equals("UpdateEvaluationTest")) {
            return () -> UpdateEvaluation.run(e, fixture);
        }
        return () -> {
            throw new AssertionError("no runner for test type '" + e.type() + "'");
        };
    }
}
