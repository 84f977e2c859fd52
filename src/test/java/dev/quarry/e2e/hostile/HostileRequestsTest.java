package dev.quarry.e2e.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.testing.ProcessTest;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad requests against a real server process: each gets a 4xx with one line of text
 * (never a 500 or a stack trace), the server stays up, and the store is unchanged.
 */
@ProcessTest
class HostileRequestsTest {
    static final int TRIPLES = 2000;
    static final String REGEX_BOMB = "SELECT ?x { BIND(\"" + "a".repeat(60) + "\" AS ?x) FILTER(REGEX(?x, \"(.*a){12}x\")) }";

    @TempDir
    static Path dir;
    static ServerProcess server;
    long quadsBefore;

    @BeforeAll
    static void start() throws Exception {
        server = new ServerProcess(dir, "--max-request-bytes", "65536", "--max-upload-bytes", "100000");
        StringBuilder nt = new StringBuilder();
        for (int i = 0; i < TRIPLES; i++) {
            nt.append("<urn:ex:s").append(i % 100).append("> <urn:ex:p").append(i % 7).append("> \"").append(i).append("\" .\n");
        }
        HttpResponse<String> r = server.send(HttpRequest.newBuilder(server.uri("/data?default"))
                .header("Content-Type", "application/n-triples").PUT(HttpRequest.BodyPublishers.ofString(nt.toString())));
        assertTrue(r.statusCode() / 100 == 2, r.statusCode() + " " + r.body());
    }

    @AfterAll
    static void stop() throws Exception {
        assertEquals(ServerProcess.EXIT_ON_SIGTERM, server.stop(60));
        String log = java.nio.file.Files.readString(server.log);
        assertFalse(log.contains("Exception"), "stack trace in the server log:\n" + log);
        server.close();
    }

    @BeforeEach
    void count() throws Exception {
        quadsBefore = server.quads();
    }

    @AfterEach
    void serverAliveAndStoreUnchanged() throws Exception {
        assertTrue(server.process.isAlive(), "the server died");
        assertEquals(200, server.send(HttpRequest.newBuilder(server.uri("/status"))).statusCode());
        assertEquals(quadsBefore, server.quads(), "the store changed");
    }

    private static void assertOneLine(int status, HttpResponse<String> r) {
        assertEquals(status, r.statusCode(), r.body());
        assertEquals(1, r.body().strip().lines().count(), "not one line: " + r.body());
        assertFalse(r.body().contains("Exception"), r.body());
    }

    /** The status code of a raw HTTP answer. */
    private static int status(String answer) {
        assertTrue(answer.startsWith("HTTP/1.1 "), "not an HTTP answer: " + answer);
        return Integer.parseInt(answer.substring(9, 12));
    }

    @Test
    void malformedRequestLineIs400() throws Exception {
        assertEquals(400, status(server.raw("GARBAGE\u0007 / HTTP/9.9\r\n\r\n")));
    }

    @Test
    void requestLineLongerThanTheLimitIs4xx() throws Exception {
        int s = status(server.raw("GET /sparql?query=" + "a".repeat(70_000) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
        assertTrue(s == 400 || s == 414, "status " + s);
    }

    @Test
    void http11WithoutHostIs400() throws Exception {
        assertEquals(400, status(server.raw("GET /status HTTP/1.1\r\nConnection: close\r\n\r\n")));
    }

    @Test
    void unknownHostNameIsRefused() throws Exception {
        String answer = server.raw("GET /sparql?query=ASK%7B%7D HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n");
        assertEquals(403, status(answer));
        assertTrue(answer.contains("--allow-host"), answer);
        assertEquals(200, status(server.raw("GET /status HTTP/1.1\r\nHost: localhost:" + server.port + "\r\nConnection: close\r\n\r\n")));
    }

    @Test
    void malformedPercentEncodingIs400() throws Exception {
        for (String target : new String[] {"/sparql?query=%ZZ", "/data?graph=urn:%ZZ", "/data/%ZZ"}) {
            String answer = server.raw("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
            assertEquals(400, status(answer), answer);
            assertTrue(answer.contains("malformed percent-encoding"), answer);
        }
        assertOneLine(400, server.send(HttpRequest.newBuilder(server.uri("/sparql"))
                .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString("update=%ZZ"))));
    }

    @Test
    void pathWithDotSegmentsIs400AndCreatesNoGraph() throws Exception {
        String answer = server.raw("PUT /data/../status HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/turtle\r\n"
                + "Content-Length: 26\r\nConnection: close\r\n\r\n<urn:a> <urn:b> <urn:c> .\n");
        assertEquals(400, status(answer));
        assertEquals(0, server.count("SELECT (COUNT(*) AS ?n) { GRAPH ?g { ?s ?p ?o } }"));
    }

    @Test
    void oddIrisInAnUpdateAre400() throws Exception {
        assertOneLine(400, server.update("INSERT DATA { <urn:a b> <urn:ex:p> 1 }"));
        assertOneLine(400, server.update("INSERT DATA { <urn:a> <urn:ex:p> <urn:\u001b[31mred> }"));
        assertOneLine(400, server.update("INSERT DATA { <urn:a> <urn:ex:p> \"x\"@en_US }"));
    }

    @Test
    void repeatedValuesVariableIs400() throws Exception {
        assertOneLine(400, server.query("SELECT * { VALUES (?a ?a) { (1 1) } }"));
    }

    @Test
    void sparqlBodyInAnotherCharsetIs415() throws Exception {
        HttpResponse<String> r = server.send(HttpRequest.newBuilder(server.uri("/sparql"))
                .header("Content-Type", "application/sparql-query; charset=ISO-8859-1")
                .POST(HttpRequest.BodyPublishers.ofString("ASK {}")));
        assertOneLine(415, r);
    }

    @Test
    void invalidUtf8InAnUpdateIs400AndNothingIsWritten() throws Exception {
        byte[] prefix = "INSERT DATA { <urn:ex:bad> <urn:ex:p> \"".getBytes(StandardCharsets.UTF_8);
        byte[] body = new byte[prefix.length + 4];
        System.arraycopy(prefix, 0, body, 0, prefix.length);
        body[prefix.length] = (byte) 0xC3; // a lead byte without its continuation
        body[prefix.length + 1] = '"';
        body[prefix.length + 2] = ' ';
        body[prefix.length + 3] = '}';
        HttpResponse<String> r = server.send(HttpRequest.newBuilder(server.uri("/sparql"))
                .header("Content-Type", "application/sparql-update").POST(HttpRequest.BodyPublishers.ofByteArray(body)));
        assertOneLine(400, r);
        assertTrue(r.body().contains("UTF-8"), r.body());
    }

    @Test
    void oversizedQueryBodyIs413() throws Exception {
        assertOneLine(413, server.query("ASK { FILTER(\"" + "x".repeat(70_000) + "\" = \"\") }"));
    }

    @Test
    void oversizedUploadIs413AndNothingIsWritten() throws Exception {
        String nt = "<urn:ex:big> <urn:ex:p> \"" + "y".repeat(200) + "\" .\n";
        HttpResponse<String> r = server.send(HttpRequest.newBuilder(server.uri("/data?graph=urn:ex:big"))
                .header("Content-Type", "application/n-triples").POST(HttpRequest.BodyPublishers.ofString(nt.repeat(1000))));
        assertOneLine(413, r);
    }

    @Test
    void deeplyNestedTextsAre400() throws Exception {
        HttpResponse<String> r = server.query("SELECT * WHERE " + "{".repeat(10_000) + "?s ?p ?o" + "}".repeat(10_000));
        assertOneLine(400, r);
        assertTrue(r.body().contains("nested too deeply"), r.body());
        assertOneLine(400, server.query("ASK { FILTER(" + "(".repeat(10_000) + "1" + ")".repeat(10_000) + ") }"));
        assertOneLine(400, server.update("INSERT DATA " + "{".repeat(10_000) + "}".repeat(10_000)));
    }

    @Test
    void regexBombStopsAtItsTimeoutWith503AndRetryAfter() throws Exception {
        HttpResponse<String> r = server.send(HttpRequest.newBuilder(server.uri("/sparql?timeout=1"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("query=" + ServerProcess.enc(REGEX_BOMB))));
        assertOneLine(503, r);
        assertTrue(r.headers().firstValue("Retry-After").isPresent());
        HttpResponse<String> replace = server.send(HttpRequest.newBuilder(server.uri("/sparql?timeout=1"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("query=" + ServerProcess.enc(
                        "SELECT (REPLACE(\"" + "a".repeat(60) + "\", \"(.*a){12}x\", \"b\") AS ?y) {}"))));
        assertOneLine(503, replace);
        ServerProcess.await("no query running", 60, () -> server.status("running") == 0);
        assertEquals(200, server.query("ASK {}").statusCode());
    }

    @Test
    void crossOriginWritesAreRefused() throws Exception {
        HttpResponse<String> form = server.update("INSERT DATA { <urn:ex:evil> <urn:ex:p> 1 }", "Origin", "http://evil.example");
        assertOneLine(403, form);
        assertTrue(form.body().contains("--allow-write-origin"), form.body());
        assertOneLine(403, server.update("INSERT DATA { <urn:ex:evil> <urn:ex:p> 1 }", "Origin", "null"));
        assertOneLine(403, server.send(HttpRequest.newBuilder(server.uri("/data?graph=urn:ex:evil"))
                .header("Origin", "http://127.0.0.1:" + (server.port + 1)) // another port is another origin
                .header("Content-Type", "text/turtle").PUT(HttpRequest.BodyPublishers.ofString("<urn:a> <urn:b> <urn:c> ."))));
        // Reads from another origin are not writes (whether a page may see them is CORS's business).
        assertEquals(200, server.query("ASK {}", "Origin", "http://evil.example").statusCode());
    }

    @Test
    void sameOriginWritesAndScriptsWithoutOriginWrite() throws Exception {
        assertEquals(204, server.update("INSERT DATA { GRAPH <urn:ex:own> { <urn:ex:a> <urn:ex:p> 1 } }",
                "Origin", "http://127.0.0.1:" + server.port).statusCode());
        assertEquals(204, server.update("INSERT DATA { GRAPH <urn:ex:own> { <urn:ex:b> <urn:ex:p> 1 } }").statusCode());
        assertEquals(quadsBefore + 2, server.quads());
        assertEquals(204, server.update("DROP GRAPH <urn:ex:own>").statusCode());
    }
}
