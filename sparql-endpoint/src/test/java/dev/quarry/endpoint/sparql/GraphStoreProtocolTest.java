package dev.quarry.endpoint.sparql;

import static dev.quarry.endpoint.ServerFixture.enc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.endpoint.ServerFixture;
import dev.quarry.store.verify.StoreValidator;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.apache.jena.graph.Graph;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.sparql.graph.GraphFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Graph Store HTTP Protocol at /data: every verb, on named and default graphs and the dataset. */
class GraphStoreProtocolTest {
    static final String G = "/data?graph=" + enc("http://example.org/g");
    static final String TTL = "@prefix ex: <http://example.org/> . ex:a ex:p 1, 2 . ex:b ex:p \"x\"@en .";

    @TempDir
    Path dir;
    ServerFixture f;

    @BeforeEach
    void start() {
        f = new ServerFixture(dir, ServerFixture.options());
    }

    @AfterEach
    void stop() {
        assertTrue(StoreValidator.validate(f.store).ok());
        f.close();
    }

    private HttpResponse<String> put(String path, String ct, String body) {
        return f.send(HttpRequest.newBuilder(f.uri(path)).header("Content-Type", ct)
                .PUT(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    private HttpResponse<String> delete(String path) {
        return f.send(HttpRequest.newBuilder(f.uri(path)).DELETE().build());
    }

    private static Graph parse(String body, Lang lang) {
        Graph g = GraphFactory.createDefaultGraph();
        RDFParser.fromString(body, lang).parse(g);
        return g;
    }

    @Test
    void putGetPostDeleteNamedGraph() {
        assertEquals(404, f.get(G, null).statusCode());
        assertEquals(201, put(G, "text/turtle", TTL).statusCode());
        HttpResponse<String> got = f.get(G, "text/turtle");
        assertEquals(200, got.statusCode());
        assertEquals(3, parse(got.body(), Lang.TURTLE).size());
        HttpResponse<String> nt = put(G, "application/n-triples", "<http://example.org/c> <http://example.org/p> \"9\" .\n");
        assertEquals(204, nt.statusCode(), nt.body());
        assertEquals(1, parse(f.get(G, "application/n-triples").body(), Lang.NTRIPLES).size());
        assertEquals(204, f.post(G, "text/turtle", TTL).statusCode());
        assertEquals(4, parse(f.get(G, "application/rdf+xml").body(), Lang.RDFXML).size());
        assertEquals(204, delete(G).statusCode());
        assertEquals(404, f.get(G, null).statusCode());
        assertEquals(404, delete(G).statusCode());
        assertEquals(0, f.store.stats().quads());
    }

    @Test
    void headHasHeadersOnly() {
        assertEquals(404, f.send(HttpRequest.newBuilder(f.uri(G)).method("HEAD", HttpRequest.BodyPublishers.noBody()).build()).statusCode());
        put(G, "text/turtle", TTL);
        HttpResponse<String> head = f.send(HttpRequest.newBuilder(f.uri(G)).header("Accept", "text/turtle")
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(200, head.statusCode());
        assertTrue(head.headers().firstValue("Content-Type").orElseThrow().startsWith("text/turtle"));
        assertEquals("", head.body());
    }

    @Test
    void defaultGraph() {
        assertEquals(200, f.get("/data?default", "text/turtle").statusCode()); // always exists
        assertEquals(204, put("/data?default", "text/turtle", TTL).statusCode());
        assertEquals(204, f.post("/data?default", "application/n-triples", "<http://example.org/z> <http://example.org/p> \"0\" .").statusCode());
        assertEquals(4, parse(f.get("/data?default", "application/n-triples").body(), Lang.NTRIPLES).size());
        assertEquals(204, delete("/data?default").statusCode());
        assertEquals(0, f.store.stats().quads());
    }

    @Test
    void datasetUploadAndDownload() {
        String nq = "<http://example.org/s> <http://example.org/p> <http://example.org/o> <http://example.org/g1> .\n"
                + "<http://example.org/s> <http://example.org/p> <http://example.org/o> .\n";
        assertEquals(204, f.post("/data", "application/n-quads", nq).statusCode());
        HttpResponse<String> all = f.get("/data", "application/n-quads");
        assertEquals(200, all.statusCode());
        assertEquals(2, all.body().strip().lines().count());
        assertEquals(204, put("/data", "application/trig", "<http://example.org/g2> { <http://example.org/a> <http://example.org/b> 1 }").statusCode());
        assertEquals(1, f.store.stats().quads());
    }

    @Test
    void badUploadsLeaveNothingBehind() {
        put(G, "text/turtle", TTL);
        HttpResponse<String> bad = put(G, "text/turtle", "@prefix ex: <http://example.org/> .\nex:a ex:p 1 .\nex:a ex:p .");
        assertEquals(400, bad.statusCode());
        assertTrue(bad.body().contains("line 3"), bad.body());
        SparqlProtocolTest.assertNoStackTrace(bad.body());
        assertEquals(3, parse(f.get(G, "text/turtle").body(), Lang.TURTLE).size()); // the PUT was all or nothing
        assertEquals(415, put(G, "application/pdf", "%PDF").statusCode());
        assertEquals(415, f.post(G, "application/n-quads", "").statusCode());
        assertEquals(400, f.get("/data?graph=not-absolute", null).statusCode());
        assertEquals(400, f.get("/data?default&graph=" + enc("http://example.org/g"), null).statusCode());
        assertEquals(400, delete("/data").statusCode());
        assertEquals(406, f.get(G, "application/sparql-results+json").statusCode());
        assertEquals(3, f.store.stats().quads());
    }

    @Test
    void largeUploadIsStreamedAndLimitGives413() {
        StringBuilder nt = new StringBuilder();
        for (int i = 0; i < 50_000; i++) {
            nt.append("<http://example.org/s").append(i).append("> <http://example.org/p> \"").append(i).append("\" .\n");
        }
        assertEquals(201, put(G, "application/n-triples", nt.toString()).statusCode()); // ~3 MB, more than the 1 MB body queue
        assertEquals(50_000, f.store.stats().quads());
        f.close();
        f = new ServerFixture(dir, ServerFixture.options().maxUploadBytes(100_000));
        HttpResponse<String> r = f.post("/data?graph=" + enc("http://example.org/h"), "application/n-triples", nt.toString());
        assertEquals(413, r.statusCode());
        assertEquals(50_000, f.store.stats().quads());
    }

    @Test
    void postToTheGraphStoreCreatesAServerNamedGraph() {
        HttpResponse<String> r = f.post("/data", "text/turtle", TTL);
        assertEquals(201, r.statusCode(), r.body());
        String location = r.headers().firstValue("Location").orElseThrow();
        assertTrue(location.startsWith("http://127.0.0.1:" + f.port + "/data/"), location);
        HttpResponse<String> second = f.post("/data", "application/n-triples", "<http://example.org/c> <http://example.org/p> \"9\" .\n");
        assertEquals(201, second.statusCode(), second.body());
        assertTrue(!second.headers().firstValue("Location").orElseThrow().equals(location));
        // the new graph answers to its IRI, indirectly and directly (its path is below /data)
        assertEquals(3, parse(f.get("/data?graph=" + enc(location), "text/turtle").body(), Lang.TURTLE).size());
        String path = location.substring(("http://127.0.0.1:" + f.port).length());
        assertEquals(3, parse(f.get(path, "text/turtle").body(), Lang.TURTLE).size());
        assertEquals(0, parse(f.get("/data?default", "text/turtle").body(), Lang.TURTLE).size());
        assertEquals(4, f.store.stats().quads());
        // a bad upload creates nothing and names nothing
        HttpResponse<String> bad = f.post("/data", "text/turtle", "<http://example.org/a> <http://example.org/p> .");
        assertEquals(400, bad.statusCode());
        assertTrue(bad.headers().firstValue("Location").isEmpty(), bad.headers().toString());
        assertEquals(4, f.store.stats().quads());
    }

    @Test
    void directIdentificationNamesTheGraphByTheRequestIri() {
        String path = "/data/people/1.ttl";
        String iri = "http://127.0.0.1:" + f.port + path;
        assertEquals(404, f.get(path, "text/turtle").statusCode());
        assertEquals(201, put(path, "text/turtle", TTL).statusCode());
        assertEquals(204, f.post(path, "application/n-triples", "<http://example.org/c> <http://example.org/p> \"9\" .\n").statusCode());
        assertEquals(4, parse(f.get(path, "text/turtle").body(), Lang.TURTLE).size());
        assertEquals(4, parse(f.get("/data?graph=" + enc(iri), "text/turtle").body(), Lang.TURTLE).size());
        assertEquals(400, f.get(path + "?graph=" + enc(iri), null).statusCode());
        assertEquals(400, f.get(path + "?default", null).statusCode());
        assertEquals(204, delete(path).statusCode());
        assertEquals(404, f.get(path, null).statusCode());
        assertEquals(0, f.store.stats().quads());
    }
}
