package dev.quarry.loader.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.quarry.testing.ConformanceTest;
import dev.quarry.loader.BulkLoader;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.LoadReport;
import dev.quarry.loader.testing.StoreContents;
import dev.quarry.store.QuadStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.RiotException;
import org.apache.jena.riot.system.ErrorHandlerFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The loader's N-Triples/N-Quads parsing agrees with RIOT on every file of the W3C RDF 1.1
 * N-Triples and N-Quads suites, positive and negative: RIOT rejects a file exactly when the
 * loader reports a parsing error, and otherwise both read isomorphic datasets.
 */
@ConformanceTest
class ParserConformanceTest {
    @TempDir
    static Path tmp;
    private static QuadStore store;

    @BeforeAll
    static void open() {
        store = QuadStore.open(tmp.resolve("store"));
    }

    @AfterAll
    static void close() {
        store.close();
    }

    @TestFactory
    List<DynamicTest> w3cSuites() throws Exception {
        Path dir = Path.of(System.getProperty("quarry.conformance.dir", "../../shared/conformance"), "rdf", "rdf11");
        assumeTrue(Files.isDirectory(dir), "W3C suites not found at " + dir);
        List<DynamicTest> tests = new ArrayList<>();
        for (String suite : List.of("rdf-n-triples", "rdf-n-quads")) {
            try (Stream<Path> files = Files.list(dir.resolve(suite))) {
                for (Path f : files.sorted().toList()) {
                    String name = f.getFileName().toString();
                    if (name.endsWith(".nt") || name.endsWith(".nq")) {
                        tests.add(DynamicTest.dynamicTest(suite + "/" + name, () -> compare(f)));
                    }
                }
            }
        }
        assertTrue(tests.size() > 100, "expected the suites' files, found " + tests.size());
        return tests;
    }

    private static void compare(Path file) {
        Lang lang = file.toString().endsWith(".nq") ? Lang.NQUADS : Lang.NTRIPLES;
        DatasetGraph expected = DatasetGraphFactory.createGeneral();
        boolean riotRejects = false;
        try {
            RDFParser.source(file).lang(lang).strict(true).errorHandler(ErrorHandlerFactory.errorHandlerStrictNoLogging).parse(expected);
        } catch (RiotException e) {
            riotRejects = true;
        }
        store.dropAll();
        LoadReport report = BulkLoader.load(store, LoadOptions.of(file.toString()).withThreads(1));
        if (riotRejects) {
            assertTrue(report.parsingErrors() > 0, "RIOT rejects " + file.getFileName() + ", the loader did not");
            return;
        }
        assertEquals(0, report.parsingErrors(), () -> "RIOT accepts, the loader reported " + report.errors());
        DatasetGraph actual = StoreContents.copy(store);
        assertEquals(StoreContents.size(expected), StoreContents.size(actual), "quad count");
        assertTrue(StoreContents.isomorphic(expected, actual), "isomorphic to RIOT's reading");
    }
}
