package dev.quarry.endpoint.sparql;

import static dev.quarry.endpoint.ServerFixture.enc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.endpoint.ServerFixture;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Graph store uploads as multipart/form-data: every part into the graph, in one transaction. */
class MultipartUploadTest {
    static final String G = "/data?graph=" + enc("http://example.org/g");
    static final String B = "xYz123";
    static final String CT = "multipart/form-data; boundary=" + B;

    @TempDir
    Path dir;

    static String part(String headers, String content) {
        return "--" + B + "\r\n" + headers + "\r\n" + content + "\r\n";
    }

    static String body(String... parts) {
        return String.join("", parts) + "--" + B + "--\r\n";
    }

    private static long count(ServerFixture f, String graphParam) {
        HttpResponse<String> r = f.query("SELECT (COUNT(*) AS ?n) { GRAPH <" + graphParam + "> { ?s ?p ?o } }", "text/csv");
        return Long.parseLong(r.body().lines().toList().get(1).strip());
    }

    @Test
    void everyPartGoesIntoTheGraph() {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options())) {
            String ttl = part("Content-Disposition: form-data; name=\"a\"; filename=\"a.ttl\"\r\nContent-Type: text/turtle\r\n",
                    "@prefix ex: <http://example.org/> .\r\nex:a ex:p 1, 2 .");
            String nt = part("Content-Disposition: form-data; name=\"b\"; filename=\"b.nt\"\r\nContent-Type: application/octet-stream\r\n",
                    "<http://example.org/b> <http://example.org/p> \"x\" .");
            HttpResponse<String> r = f.post(G, CT, "preamble to ignore\r\n" + body(ttl, nt));
            assertEquals(201, r.statusCode(), r.body());
            assertEquals(3, count(f, "http://example.org/g"));
            assertEquals(204, f.send(HttpRequest.newBuilder(f.uri(G)).header("Content-Type", CT)
                    .PUT(HttpRequest.BodyPublishers.ofString(body(nt))).build()).statusCode()); // PUT replaces
            assertEquals(1, count(f, "http://example.org/g"));
            // to the graph store itself: a new, server-named graph
            HttpResponse<String> created = f.post("/data", CT, body(ttl, nt));
            assertEquals(201, created.statusCode(), created.body());
            assertEquals(3, count(f, created.headers().firstValue("Location").orElseThrow()));
        }
    }

    @Test
    void aBadPartFailsTheWholeUpload() {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options())) {
            String good = part("Content-Type: text/turtle\r\n", "<http://example.org/a> <http://example.org/p> 1 .");
            String bad = part("Content-Type: text/turtle; charset=utf-8\r\nContent-Disposition: form-data; name=\"x\"; filename=\"x.ttl\"\r\n",
                    "<http://example.org/a> <http://example.org/p> .");
            HttpResponse<String> r = f.post(G, CT, body(good, bad));
            assertEquals(400, r.statusCode(), r.body());
            assertTrue(r.body().contains("'x.ttl'"), r.body());
            assertEquals(415, f.post(G, CT, body(good, part("Content-Disposition: form-data; name=\"field\"\r\n", "hello"))).statusCode());
            assertEquals(415, f.post(G, CT, body(part("Content-Type: application/pdf\r\n", "%PDF"))).statusCode());
            assertEquals(415, f.post(G, CT, body(part("Content-Type: application/n-quads\r\n", ""))).statusCode());
            HttpResponse<String> cut = f.post(G, CT, "--" + B + "\r\nContent-Type: text/turtle\r\n\r\n<http://example.org/a> <http://example.org/p> 1 .");
            assertEquals(400, cut.statusCode(), cut.body());
            assertTrue(cut.body().contains("closing boundary"), cut.body());
            assertEquals(400, f.post(G, "multipart/form-data", body(good)).statusCode()); // no boundary
            assertEquals(0, f.store.stats().quads());
        }
    }
}
