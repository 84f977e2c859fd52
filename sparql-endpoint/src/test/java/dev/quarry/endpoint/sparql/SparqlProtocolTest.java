package dev.quarry.endpoint.sparql;

import static dev.quarry.endpoint.ServerFixture.enc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.endpoint.ServerFixture;
import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apache.jena.graph.Graph;
import org.apache.jena.query.ResultSet;
import org.apache.jena.query.ResultSetFactory;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.graph.GraphFactory;
import org.apache.jena.sparql.resultset.ResultsReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The SPARQL 1.1 Protocol over real HTTP: every way to send a query or update, formats, errors. */
class SparqlProtocolTest {
    @TempDir
    Path dir;
    ServerFixture f;

    @BeforeEach
    void start() {
        f = new ServerFixture(dir, ServerFixture.options());
        f.fill(10);
    }

    @AfterEach
    void stop() {
        f.close();
    }

    static final String COUNT = "SELECT (COUNT(*) AS ?n) { ?s ?p ?o }";

    private static int count(HttpResponse<String> r) {
        assertEquals(200, r.statusCode(), r.body());
        ResultSet rs = ResultsReader.create().lang(ResultSetLang.RS_JSON).build()
                .read(new ByteArrayInputStream(r.body().getBytes(StandardCharsets.UTF_8)));
        return rs.next().getLiteral("n").getInt();
    }

    @Test
    void queryByGet() {
        HttpResponse<String> r = f.query(COUNT, "application/sparql-results+json");
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/sparql-results+json"));
        assertEquals(10, count(r));
    }

    @Test
    void explainParameterAnswersTheExecutedPlanWithActualRows() {
        String q = "SELECT ?s { ?s <urn:ex:p> ?o FILTER(?o != 3) }";
        HttpResponse<String> r = f.post("/sparql", "application/x-www-form-urlencoded",
                "query=" + enc(q) + "&explain=true");
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"));
        assertTrue(r.body().startsWith("engine: id-level"), r.body());
        assertTrue(r.body().contains("<urn:ex:p>"), r.body());
        assertTrue(r.body().contains("rows 9,"), "the filter keeps 9 of 10 rows:\n" + r.body());
    }

    @Test
    void explainOfAQueryTheIdEngineDoesNotRunSaysWhy() {
        HttpResponse<String> r = f.get("/sparql?explain=true&query=" + enc("SELECT ?s { ?s <urn:ex:p>+ ?o }"), null);
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(r.body().startsWith("engine: ARQ-based"), r.body());
    }

    @Test
    void explainParameterMustBeABoolean() {
        HttpResponse<String> r = f.get("/sparql?explain=maybe&query=" + enc("ASK {}"), null);
        assertEquals(400, r.statusCode(), r.body());
    }

    @Test
    void queryByPostForm() {
        assertEquals(10, count(f.post("/sparql", "application/x-www-form-urlencoded", "query=" + enc(COUNT))));
    }

    @Test
    void queryByPostDirect() {
        assertEquals(10, count(f.post("/query", "application/sparql-query", COUNT)));
    }

    @Test
    void queryOnQueryPathAndSemicolonsInGetQuery() {
        // ';' must not split parameters
        String q = "SELECT (COUNT(*) AS ?n) { ?s <urn:ex:p> ?o ; <urn:ex:p> ?o2 }";
        assertEquals(10, count(f.get("/query?query=" + q.replace(" ", "%20").replace("{", "%7B").replace("}", "%7D")
                .replace("<", "%3C").replace(">", "%3E").replace("?", "%3F").replace("(", "%28").replace(")", "%29")
                .replace("*", "%2A"), null)));
    }

    @ParameterizedTest
    @CsvSource({
            "application/sparql-results+json, application/sparql-results+json",
            "application/sparql-results+xml, application/sparql-results+xml",
            "text/csv, text/csv",
            "text/tab-separated-values, text/tab-separated-values",
            "'application/sparql-results+xml;q=0.5, text/csv', text/csv",
            "*/*, application/sparql-results+json"})
    void selectFormats(String accept, String expected) {
        HttpResponse<String> r = f.query("SELECT ?s ?o { ?s <urn:ex:p> ?o } ORDER BY ?o", accept);
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(r.headers().firstValue("Content-Type").orElseThrow().startsWith(expected));
        Lang lang = switch (expected) {
            case "application/sparql-results+xml" -> ResultSetLang.RS_XML;
            case "text/csv" -> ResultSetLang.RS_CSV;
            case "text/tab-separated-values" -> ResultSetLang.RS_TSV;
            default -> ResultSetLang.RS_JSON;
        };
        ResultSet rs = ResultsReader.create().lang(lang).build()
                .read(new ByteArrayInputStream(r.body().getBytes(StandardCharsets.UTF_8)));
        int rows = 0;
        while (rs.hasNext()) {
            rs.next();
            rows++;
        }
        assertEquals(10, rows);
    }

    @Test
    void askFormats() {
        HttpResponse<String> json = f.query("ASK { <urn:ex:s:3> ?p ?o }", "application/sparql-results+json");
        assertTrue(json.body().contains("true"), json.body());
        HttpResponse<String> xml = f.query("ASK { <urn:ex:s:99> ?p ?o }", "application/sparql-results+xml");
        assertTrue(xml.body().contains("<boolean>false</boolean>"), xml.body());
    }

    @ParameterizedTest
    @CsvSource({
            "text/turtle, TURTLE",
            "application/n-triples, N-TRIPLES",
            "application/n-quads, N-QUADS",
            "application/trig, TRIG",
            "application/ld+json, JSON-LD",
            "application/rdf+xml, RDF/XML"})
    void constructFormats(String accept, String langName) {
        HttpResponse<String> r = f.query("PREFIX ex: <http://example.org/> CONSTRUCT { ?s ex:q ?o } WHERE { ?s <urn:ex:p> ?o }", accept);
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(r.headers().firstValue("Content-Type").orElseThrow().startsWith(accept));
        Lang lang = org.apache.jena.riot.RDFLanguages.nameToLang(langName);
        DatasetGraph dsg = DatasetGraphFactory.create();
        RDFParser.fromString(r.body(), lang).parse(dsg);
        assertEquals(10, dsg.getDefaultGraph().size());
    }

    @Test
    void describeAsTurtle() {
        HttpResponse<String> r = f.query("DESCRIBE <urn:ex:s:1>", "text/turtle");
        assertEquals(200, r.statusCode());
        Graph g = GraphFactory.createDefaultGraph();
        RDFParser.fromString(r.body(), Lang.TURTLE).parse(g);
        assertEquals(1, g.size());
    }

    @Test
    void formatParameterOverridesAccept() {
        HttpResponse<String> r = f.get("/sparql?format=csv&query=" + enc(COUNT), "application/sparql-results+xml");
        assertTrue(r.headers().firstValue("Content-Type").orElseThrow().startsWith("text/csv"));
    }

    @Test
    void datasetDescriptionParameters() {
        f.update("INSERT DATA { GRAPH <urn:ex:g1> { <urn:ex:a> <urn:ex:b> 1 } GRAPH <urn:ex:g2> { <urn:ex:a> <urn:ex:b> 2 , 3 } }");
        String q = "SELECT (COUNT(*) AS ?n) { ?s ?p ?o }";
        assertEquals(2, count(f.get("/sparql?default-graph-uri=" + enc("urn:ex:g2") + "&query=" + enc(q), null)));
        assertEquals(3, count(f.get("/sparql?default-graph-uri=" + enc("urn:ex:g1") + "&default-graph-uri="
                + enc("urn:ex:g2") + "&query=" + enc(q), null)));
        String named = "SELECT (COUNT(*) AS ?n) { GRAPH ?g { ?s ?p ?o } }";
        assertEquals(1, count(f.get("/sparql?named-graph-uri=" + enc("urn:ex:g1") + "&query=" + enc(named), null)));
        // FROM in the query, when the protocol gives no dataset
        assertEquals(2, count(f.query("SELECT (COUNT(*) AS ?n) FROM <urn:ex:g2> { ?s ?p ?o }", null)));
    }

    @Test
    void updateByFormAndDirect() {
        assertEquals(204, f.post("/update", "application/x-www-form-urlencoded",
                "update=" + enc("INSERT DATA { <urn:ex:x> <urn:ex:y> 1 }")).statusCode());
        assertEquals(204, f.update("INSERT DATA { <urn:ex:x> <urn:ex:y> 2 }").statusCode());
        assertEquals(12, count(f.query(COUNT, null)));
    }

    @Test
    void usingGraphUri() {
        f.update("INSERT DATA { GRAPH <urn:ex:g> { <urn:ex:a> <urn:ex:b> 7 } }");
        HttpResponse<String> r = f.post("/sparql?using-graph-uri=" + enc("urn:ex:g"), "application/sparql-update",
                "INSERT { <urn:ex:copy> <urn:ex:b> ?o } WHERE { ?s <urn:ex:b> ?o }");
        assertEquals(204, r.statusCode(), r.body());
        assertEquals(1, count(f.query("SELECT (COUNT(*) AS ?n) { <urn:ex:copy> <urn:ex:b> 7 }", null)));
        HttpResponse<String> both = f.post("/sparql?using-graph-uri=" + enc("urn:ex:g"), "application/sparql-update",
                "INSERT { <urn:ex:c> <urn:ex:b> ?o } USING <urn:ex:g> WHERE { ?s <urn:ex:b> ?o }");
        assertEquals(400, both.statusCode());
    }

    @Test
    void dropAllAnswersNeptuneTimingEvents() {
        f.update("INSERT DATA { GRAPH <urn:ex:g> { <urn:ex:a> <urn:ex:b> 7 } }");
        HttpResponse<String> r = f.update("DROP ALL", "Accept", "application/json");
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(r.headers().firstValue("Content-Type").orElseThrow().startsWith("application/json"));
        org.apache.jena.atlas.json.JsonArray events = org.apache.jena.atlas.json.JSON.parseAny(r.body()).getAsArray();
        assertEquals(2, events.size());
        assertEquals("UpdateEvent", events.get(0).getAsObject().getString("type"));
        assertTrue(events.get(0).getAsObject().hasKey("totalElapsedMillis"));
        assertTrue(events.get(0).getAsObject().hasKey("elapsedMillis"));
        assertEquals("Commit", events.get(1).getAsObject().getString("type"));
        assertTrue(events.get(1).getAsObject().hasKey("totalElapsedMillis"));
        assertEquals(0, count(f.query(COUNT, null)));
        assertEquals(0, f.store.stats().quads());
    }

    @Test
    void clearAllAndOtherOperationsInOneRequest() {
        HttpResponse<String> r = f.update("CLEAR ALL ; INSERT DATA { <urn:ex:n> <urn:ex:p> 1 }", "Accept", "application/json");
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(3, org.apache.jena.atlas.json.JSON.parseAny(r.body()).getAsArray().size());
        assertEquals(1, count(f.query(COUNT, null)));
    }

    @Test
    void failedUpdateChangesNothing() {
        // The second operation fails (ADD from a graph that does not exist, not SILENT): the first is rolled back too.
        HttpResponse<String> r = f.update("INSERT DATA { <urn:ex:n> <urn:ex:p> 1 } ; ADD <urn:ex:missing> TO DEFAULT");
        assertTrue(r.statusCode() >= 400, r.statusCode() + " " + r.body());
        assertEquals(10, count(f.query(COUNT, null)));
    }

    @Test
    void badQueryIs400WithPositionAndNoStackTrace() {
        HttpResponse<String> r = f.query("SELECT * WHERE { ?s ?p }", null);
        assertEquals(400, r.statusCode());
        assertTrue(r.body().contains("line 1, column"), r.body());
        assertNoStackTrace(r.body());
        HttpResponse<String> u = f.update("INSERT DATA { <urn:ex:a> }");
        assertEquals(400, u.statusCode());
        assertTrue(u.body().contains("line 1"), u.body());
        assertNoStackTrace(u.body());
    }

    static void assertNoStackTrace(String body) {
        assertFalse(body.contains("\tat "), body);
        assertFalse(body.contains("Exception"), body);
        assertEquals(1, body.strip().lines().count(), body);
    }

    @Test
    void errorCodes() {
        assertEquals(406, f.query(COUNT, "image/png").statusCode());
        assertEquals(406, f.query("CONSTRUCT WHERE { ?s ?p ?o }", "text/csv").statusCode());
        assertEquals(415, f.post("/sparql", "text/plain", COUNT).statusCode());
        HttpResponse<String> put = f.send(HttpRequest.newBuilder(f.uri("/sparql"))
                .PUT(HttpRequest.BodyPublishers.ofString("x")).build());
        assertEquals(405, put.statusCode());
        assertTrue(put.headers().firstValue("Allow").orElse("").contains("POST"));
        assertEquals(404, f.get("/nowhere", null).statusCode());
        assertEquals(400, f.get("/sparql", null).statusCode());
        assertEquals(400, f.get("/sparql?update=" + enc("DROP ALL"), null).statusCode());
        assertEquals(400, f.get("/sparql?query=a&query=b", null).statusCode());
        assertEquals(400, f.post("/query", "application/sparql-update", "DROP ALL").statusCode());
        assertEquals(400, f.get("/sparql?timeout=abc&query=" + enc(COUNT), null).statusCode());
        assertEquals(403, f.update("LOAD <file:///etc/passwd>").statusCode());
        assertEquals(10, count(f.query(COUNT, null)));
    }

    @Test
    void tooLargeIs413() {
        ServerFixture small = null;
        try {
            f.close();
            small = new ServerFixture(dir, ServerFixture.options().maxRequestBytes(1000));
            String big = "SELECT * { ?s ?p ?o } #" + "x".repeat(2000);
            HttpResponse<String> r = small.post("/sparql", "application/sparql-query", big);
            assertEquals(413, r.statusCode());
            assertEquals(200, small.post("/sparql", "application/sparql-query", COUNT).statusCode());
        } finally {
            if (small != null) {
                small.close();
            }
            f = new ServerFixture(dir, ServerFixture.options());
        }
    }
}
