package dev.quarry.endpoint.sparql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.endpoint.ServerFixture;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** SPARQL SERVICE: refused unless the server runs with --enable-service; then it calls the other endpoint. */
class FederationTest {
    @TempDir
    Path dir;

    private static void refused(HttpResponse<String> r) {
        assertEquals(403, r.statusCode(), r.body());
        assertTrue(r.body().contains("--enable-service"), r.body());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "SELECT * { SERVICE <%s> { ?s ?p ?o } }",
        "SELECT * { { SELECT ?s { SERVICE SILENT <%s> { ?s ?p ?o } } } }",
        "ASK { ?s ?p ?o FILTER EXISTS { SERVICE <%s> { ?s ?p ?o } } }",
        "SELECT * { OPTIONAL { ?s ?p ?o } SERVICE ?endpoint { ?x ?y ?z } }",
    })
    void queriesWithServiceAreRefusedByDefault(String template) {
        try (ServerFixture other = new ServerFixture(dir.resolve("other"), ServerFixture.options());
             ServerFixture f = new ServerFixture(dir.resolve("main"), ServerFixture.options())) {
            other.fill(3);
            f.fill(1);
            refused(f.query(template.formatted(other.uri("/sparql")), "application/sparql-results+json"));
        }
    }

    @Test
    void updatesWithServiceAreRefusedByDefault() {
        try (ServerFixture other = new ServerFixture(dir.resolve("other"), ServerFixture.options());
             ServerFixture f = new ServerFixture(dir.resolve("main"), ServerFixture.options())) {
            other.fill(3);
            refused(f.update("INSERT { ?s ?p ?o } WHERE { SERVICE <" + other.uri("/sparql") + "> { ?s ?p ?o } }"));
            assertEquals(0, f.store.stats().quads());
        }
    }

    @Test
    void enabledServiceQueriesAndCopiesFromTheOtherEndpoint() {
        try (ServerFixture other = new ServerFixture(dir.resolve("other"), ServerFixture.options());
             ServerFixture f = new ServerFixture(dir.resolve("main"), ServerFixture.options().serviceEnabled(true))) {
            other.fill(3);
            String service = "<" + other.uri("/sparql") + ">";
            HttpResponse<String> r = f.query("SELECT (COUNT(*) AS ?n) { SERVICE " + service + " { ?s ?p ?o } }", "text/csv");
            assertEquals(200, r.statusCode(), r.body());
            assertEquals("n\r\n3\r\n", r.body());
            HttpResponse<String> u = f.update("INSERT { ?s ?p ?o } WHERE { SERVICE " + service + " { ?s ?p ?o } }");
            assertEquals(204, u.statusCode(), u.body());
            assertEquals(3, f.store.stats().quads());
        }
    }
}
