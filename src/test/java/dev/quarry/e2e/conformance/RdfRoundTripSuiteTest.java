package dev.quarry.e2e.conformance;

import dev.quarry.testing.ConformanceTest;
import dev.quarry.testing.w3c.Manifest;
import dev.quarry.testing.w3c.ManifestEntry;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.store.WriteTransaction;
import dev.quarry.store.arq.QuarryDatasetGraph;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.jena.riot.RiotException;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;

/**
 * The W3C RDF syntax suites as store round trips. For every positive entry the action
 * file is parsed by RIOT into Jena's in-memory dataset (the oracle) and, separately,
 * into the store through one write transaction; everything read back through
 * {@link QuarryDatasetGraph} must be isomorphic to the oracle. Negative entries
 * assert that RIOT rejects the file, documenting the oracle.
 *
 * <p>The RDF 1.2 manifests include the RDF 1.1 ones; their factories run only the
 * entries under {@code rdf12/}, so no entry runs twice.
 */
@ConformanceTest
class RdfRoundTripSuiteTest {
    private static StoreFixture fixture;

    @BeforeAll
    static void open() {
        fixture = new StoreFixture();
    }

    @AfterAll
    static void close() {
        fixture.close();
        SuiteTally.print("rdf");
    }

    @TestFactory
    Stream<DynamicTest> rdf11NTriples() {
        return suite("rdf/rdf11/rdf-n-triples/manifest.ttl");
    }

    @TestFactory
    Stream<DynamicTest> rdf11NQuads() {
        return suite("rdf/rdf11/rdf-n-quads/manifest.ttl");
    }

    @TestFactory
    Stream<DynamicTest> rdf11Turtle() {
        return suite("rdf/rdf11/rdf-turtle/manifest.ttl");
    }

    @TestFactory
    Stream<DynamicTest> rdf11TriG() {
        return suite("rdf/rdf11/rdf-trig/manifest.ttl");
    }

    @TestFactory
    Stream<DynamicTest> rdf12NTriples() {
        return suite("rdf/rdf12/rdf-n-triples/manifest.ttl");
    }

    @TestFactory
    Stream<DynamicTest> rdf12NQuads() {
        return suite("rdf/rdf12/rdf-n-quads/manifest.ttl");
    }

    @TestFactory
    Stream<DynamicTest> rdf12Turtle() {
        return suite("rdf/rdf12/rdf-turtle/manifest.ttl");
    }

    @TestFactory
    Stream<DynamicTest> rdf12TriG() {
        return suite("rdf/rdf12/rdf-trig/manifest.ttl");
    }

    private static Stream<DynamicTest> suite(String manifest) {
        Path m = Conformance.manifest(manifest);
        Path area = Conformance.dir().resolve(manifest.substring(0, manifest.indexOf('/', 4))); // rdf/rdf11 or rdf/rdf12
        List<ManifestEntry> entries = Manifest.entries(m).stream()
                .filter(e -> e.manifest().startsWith(area))
                .toList();
        String suite = manifest.substring(0, manifest.lastIndexOf('/'));
        return EntryTests.of(suite, entries, RdfRoundTripSuiteTest::test);
    }

    private static Executable test(ManifestEntry e) {
        Path action = ManifestEntry.file(e.action());
        if (e.type().contains("Negative")) {
            return () -> assertThrows(RiotException.class, () -> RdfFiles.parseStrictly(action),
                    "RIOT accepts a file the suite says is invalid");
        }
        return () -> roundTrip(action);
    }

    /** Oracle vs store, compared by isomorphism; every quad read back must also be found by a fully bound lookup. */
    static void roundTrip(Path file) {
        DatasetGraph oracle = RdfFiles.readInMemory(file);
        QuarryDatasetGraph dsg = fixture.fresh();
        try (WriteTransaction w = fixture.store().beginWrite()) {
            RdfFiles.load(w, file, null);
            w.commit();
        }
        DatasetGraph back = Txn.calculateRead(dsg, () -> {
            DatasetGraph copy = DatasetComparison.copy(dsg);
            copy.find().forEachRemaining(q -> assertTrue(dsg.contains(q), () -> "not found by lookup: " + q));
            return copy;
        });
        DatasetComparison.assertIsomorphic(oracle, back);
        fixture.validate();
    }
}
