package dev.quarry.endpoint.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.endpoint.ServerFixture;
import dev.quarry.store.QuadStore;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.jena.atlas.json.JSON;
import org.apache.jena.atlas.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Keep-alive and pipelining, write protection, slow clients, /status, /metrics, and stopping without losing writes. */
class ServerOperationsTest {
    @TempDir
    Path dir;

    @Test
    void pipelinedRequestsAreAnsweredInOrderOnOneConnection() throws Exception {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options());
             Socket s = new Socket("127.0.0.1", f.port)) {
            f.fill(3);
            StringBuilder reqs = new StringBuilder();
            for (int i = 0; i < 3; i++) {
                String q = ServerFixture.enc("SELECT ?o { <urn:ex:s:" + i + "> ?p ?o }");
                reqs.append("GET /sparql?query=").append(q).append(" HTTP/1.1\r\nHost: localhost\r\nAccept: text/csv\r\n\r\n");
            }
            String body = "update=" + ServerFixture.enc("INSERT DATA { <urn:ex:a> <urn:ex:b> 1 }");
            reqs.append("POST /update HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n")
                    .append("Content-Length: ").append(body.length()).append("\r\n\r\n").append(body);
            reqs.append("GET /status HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
            OutputStream out = s.getOutputStream();
            out.write(reqs.toString().getBytes(StandardCharsets.US_ASCII));
            out.flush();
            s.setSoTimeout(30_000);
            String all = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int a = all.indexOf("o\r\n0"), b = all.indexOf("o\r\n1"), c = all.indexOf("o\r\n2");
            int d = all.indexOf("HTTP/1.1 204"), e = all.indexOf("\"healthy\"");
            assertTrue(a > 0 && a < b && b < c && c < d && d < e, all);
            assertEquals(5, all.split("HTTP/1.1 ", -1).length - 1, all);
        }
    }

    @Test
    void aClientThatHalfClosesAfterItsRequestsGetsTheirAnswers() throws Exception {
        dev.quarry.endpoint.sparql.TestFunctions.register();
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options());
             Socket s = new Socket("127.0.0.1", f.port)) {
            f.fill(50); // 50 x 20 ms: the half-close arrives while the first query runs
            String slow = ServerFixture.enc("SELECT ?s { ?s <urn:ex:p> ?o FILTER(<urn:test:slow>(?o)) }");
            String body = "update=" + ServerFixture.enc("INSERT DATA { <urn:ex:half> <urn:ex:closed> 1 }");
            String reqs = "GET /sparql?query=" + slow + " HTTP/1.1\r\nHost: localhost\r\nAccept: text/csv\r\n\r\n"
                    + "POST /update HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                    + "Content-Length: " + body.length() + "\r\n\r\n" + body;
            s.getOutputStream().write(reqs.getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            s.shutdownOutput();
            s.setSoTimeout(30_000);
            String all = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8); // ends: the server closed
            assertTrue(all.startsWith("HTTP/1.1 200"), all);
            assertEquals(50, all.split("urn:ex:s:", -1).length - 1, all);
            assertTrue(all.contains("HTTP/1.1 204"), all);
            assertEquals(51, f.store.stats().quads());
        }
    }

    /** A client that closed and left looks like a half-close: its query stops after the grace, not at its time limit. */
    @Test
    void aQueryOfAClientThatClosedIsCancelledAfterTheHalfCloseGrace() throws Exception {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options())) {
            f.fill(1000); // a count over 10^12 rows: hours, and its answer starts only at its end
            String slow = ServerFixture.enc("SELECT (COUNT(*) AS ?n) { ?a <urn:ex:p> ?b . ?c <urn:ex:p> ?d . ?e <urn:ex:p> ?f . ?g <urn:ex:p> ?h }");
            try (Socket s = new Socket("127.0.0.1", f.port)) {
                s.getOutputStream().write(("GET /sparql?query=" + slow + " HTTP/1.1\r\nHost: localhost\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                s.getOutputStream().flush();
                Thread.sleep(300); // the query is running
            } // closed: the server sees the end of the client's stream
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(12);
            String status;
            do {
                Thread.sleep(200);
                status = f.get("/status", "application/json").body();
            } while (!status.replaceAll("\\s", "").contains("\"running\":0") && System.nanoTime() < deadline);
            assertTrue(status.replaceAll("\\s", "").contains("\"running\":0"), status);
        }
    }

    @Test
    void aClientThatHalfClosesInTheMiddleOfABodyIsDroppedAndNothingIsWritten() throws Exception {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options());
             Socket s = new Socket("127.0.0.1", f.port)) {
            String body = "update=" + ServerFixture.enc("INSERT DATA { <urn:ex:half> <urn:ex:closed> 1 }");
            s.getOutputStream().write(("POST /update HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                    + "Content-Length: " + (body.length() + 10) + "\r\n\r\n" + body).getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            s.shutdownOutput();
            s.setSoTimeout(30_000);
            String all = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(all.isEmpty() || all.startsWith("HTTP/1.1 4"), all);
            assertEquals(0, f.store.stats().quads());
            assertEquals(200, f.query("ASK { ?s ?p ?o }", null).statusCode());
        }
    }

    @Test
    void authTokenGuardsWritesOnly() {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options().authToken("s3cret"))) {
            HttpResponse<String> none = f.update("INSERT DATA { <urn:ex:a> <urn:ex:b> 1 }");
            assertEquals(401, none.statusCode());
            assertTrue(none.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Bearer"));
            assertEquals(401, f.update("INSERT DATA { <urn:ex:a> <urn:ex:b> 1 }", "Authorization", "Bearer wrong").statusCode());
            assertEquals(401, f.post("/data?default", "text/turtle", "<urn:ex:a> <urn:ex:b> 1 .").statusCode());
            assertEquals(204, f.update("INSERT DATA { <urn:ex:a> <urn:ex:b> 1 }", "Authorization", "Bearer s3cret").statusCode());
            assertEquals(200, f.query("ASK { ?s ?p ?o }", null).statusCode());
            assertEquals(1, f.store.stats().quads());
        }
    }

    @Test
    void readOnlyRefusesWrites() {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options().readOnly(true))) {
            f.fill(1);
            assertEquals(403, f.update("DROP ALL").statusCode());
            assertEquals(403, f.post("/data?default", "text/turtle", "<urn:ex:a> <urn:ex:b> 1 .").statusCode());
            assertEquals(403, f.send(java.net.http.HttpRequest.newBuilder(f.uri("/data?default")).DELETE().build()).statusCode());
            assertEquals(200, f.query("ASK { ?s ?p ?o }", null).statusCode());
            assertEquals(1, f.store.stats().quads());
        }
    }

    @Test
    void aClientThatStallsMidRequestIsDropped() throws Exception {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options().clientTimeout(Duration.ofMillis(300)));
             Socket s = new Socket("127.0.0.1", f.port)) {
            s.getOutputStream().write(("POST /sparql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/sparql-query\r\n"
                    + "Content-Length: 100\r\n\r\nSELECT").getBytes(StandardCharsets.US_ASCII));
            s.setSoTimeout(30_000);
            String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 408"), answer);
        }
    }

    @Test
    void anUploadRefusedBeforeItsBodyArrivedStillGetsItsAnswer() throws Exception {
        // The server answers 413 on the declared (or counted) size while the client is still
        // sending; closing at once would reset the connection and lose the 413 in the client.
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options().maxUploadBytes(100_000))) {
            byte[] chunk = "<urn:ex:s> <urn:ex:p> \"filler filler filler filler\" .\n".repeat(1_000).getBytes(StandardCharsets.US_ASCII);
            for (boolean chunked : new boolean[] {false, true}) {
                try (Socket s = new Socket("127.0.0.1", f.port)) {
                    s.setSoTimeout(30_000);
                    OutputStream out = s.getOutputStream();
                    int chunks = 8_000_000 / chunk.length;
                    out.write(("POST /data?default HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/n-triples\r\n"
                            + (chunked ? "Transfer-Encoding: chunked\r\n" : "Content-Length: " + (long) chunks * chunk.length + "\r\n")
                            + "\r\n").getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    Thread.sleep(200); // the declared size is answered before the body is sent
                    for (int i = 0; i < chunks; i++) {
                        if (chunked) {
                            out.write((Integer.toHexString(chunk.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                        }
                        out.write(chunk);
                        if (chunked) {
                            out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
                        }
                    }
                    if (chunked) {
                        out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    }
                    out.flush();
                    // One response; the connection may stay open if the server had read the whole body by then.
                    String answer = readResponse(s.getInputStream());
                    assertTrue(answer.startsWith("HTTP/1.1 413"), (chunked ? "chunked: " : "declared: ") + answer);
                    assertTrue(answer.contains("limit"), answer);
                }
            }
            assertEquals(0, f.store.stats().quads());
        }
    }

    /** Reads one response with a Content-Length body (headers and body as text). */
    private static String readResponse(InputStream in) throws java.io.IOException {
        java.io.ByteArrayOutputStream head = new java.io.ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new java.io.EOFException("connection closed inside the response head: " + head);
            }
            head.write(b);
        }
        String h = head.toString(StandardCharsets.US_ASCII);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?i)content-length: *(\\d+)").matcher(h);
        assertTrue(m.find(), h);
        return h + new String(in.readNBytes(Integer.parseInt(m.group(1))), StandardCharsets.UTF_8);
    }

    @Test
    void idleKeepAliveConnectionIsClosed() throws Exception {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options().clientTimeout(Duration.ofMillis(300)));
             Socket s = new Socket("127.0.0.1", f.port)) {
            s.setSoTimeout(30_000);
            InputStream in = s.getInputStream();
            assertEquals(-1, in.read()); // closed by the server, not by the 30 s socket timeout
        }
    }

    @Test
    void statusAndMetrics() {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options())) {
            f.fill(7);
            f.query("ASK {}", null);
            f.update("INSERT DATA { <urn:ex:a> <urn:ex:b> 1 }");
            HttpResponse<String> st = f.get("/status", null);
            assertEquals(200, st.statusCode());
            JsonObject o = JSON.parse(st.body());
            assertEquals("healthy", o.getString("status"));
            assertEquals(8, o.getObj("store").get("quads").getAsNumber().value().intValue());
            String m = f.get("/metrics", null).body();
            assertTrue(m.contains("quarry_http_requests_seconds_count{operation=\"query\",status=\"200\"} 1"), m);
            assertTrue(m.contains("quarry_http_requests_seconds_count{operation=\"update\",status=\"204\"} 1"), m);
            assertTrue(m.contains("quarry_rocksdb_bytes_written_total"), m);
            assertTrue(m.contains("quarry_store_quads"), m);
        }
    }

    @Test
    void acknowledgedWritesSurviveStopAndReopen() {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options())) {
            for (int i = 0; i < 20; i++) {
                assertEquals(204, f.update("INSERT DATA { <urn:ex:s> <urn:ex:p> " + i + " }").statusCode());
            }
        }
        try (QuadStore reopened = QuadStore.open(dir)) {
            assertEquals(20, reopened.stats().quads());
        }
    }

    @Test
    void stopCancelsARunningQueryAfterTheGracePeriod() throws Exception {
        dev.quarry.endpoint.sparql.TestFunctions.register();
        ServerFixture f = new ServerFixture(dir, ServerFixture.options().shutdownGrace(Duration.ofMillis(200))
                .queryTimeout(Duration.ZERO));
        f.fill(500); // 500 x 20 ms = 10 s if not cancelled
        var pending = f.http.sendAsync(java.net.http.HttpRequest.newBuilder(f.uri("/sparql?query=" + ServerFixture.enc(
                "SELECT ?s { ?s <urn:ex:p> ?o FILTER(<urn:test:slow>(?o)) }"))).build(), HttpResponse.BodyHandlers.ofString());
        Thread.sleep(300);
        f.close();
        HttpResponse<String> r;
        try {
            r = pending.get(30, java.util.concurrent.TimeUnit.SECONDS);
            assertEquals(503, r.statusCode(), r.body());
        } catch (java.util.concurrent.ExecutionException e) {
            // the connection was closed before the status line: also a refusal the client sees
            assertTrue(e.getCause() instanceof java.io.IOException, e.toString());
        }
    }
}
