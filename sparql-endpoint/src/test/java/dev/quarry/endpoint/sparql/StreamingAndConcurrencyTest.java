package dev.quarry.endpoint.sparql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.endpoint.ServerFixture;
import java.io.InputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Results stream (the first chunk reaches the client while the query is still held
 * at the gate), readers keep their snapshot while writers commit, and the limits
 * (concurrent queries, timeouts) answer as documented.
 */
class StreamingAndConcurrencyTest {
    static final int ROWS = 5000;
    /** Rows pass the gate until GATE_OPEN_AFTER, then the query waits for the test. */
    static final String GATED = "SELECT ?s ?o { ?s <urn:ex:p> ?o FILTER(<urn:test:gate>(?o)) }";

    @TempDir
    Path dir;
    ServerFixture f;

    @BeforeAll
    static void functions() {
        TestFunctions.register();
    }

    @AfterEach
    void stop() {
        TestFunctions.gate.countDown();
        if (f != null) {
            f.close();
        }
    }

    private HttpResponse<InputStream> openStream(String query) throws Exception {
        HttpRequest req = HttpRequest.newBuilder(f.uri("/sparql?query=" + ServerFixture.enc(query)))
                .header("Accept", "text/tab-separated-values").GET().build();
        return f.http.send(req, HttpResponse.BodyHandlers.ofInputStream());
    }

    @Test
    void firstChunkArrivesBeforeTheLastRowIsComputed() throws Exception {
        f = new ServerFixture(dir, ServerFixture.options());
        f.fill(ROWS);
        TestFunctions.resetGate();
        HttpResponse<InputStream> r = openStream(GATED);
        assertEquals(200, r.statusCode());
        try (InputStream in = r.body()) {
            byte[] first = in.readNBytes(100); // blocks until a chunk arrives; the query is held at the gate
            assertEquals(100, first.length);
            assertTrue(TestFunctions.reached.await(30, TimeUnit.SECONDS));
            assertEquals(1, TestFunctions.gate.getCount(), "the gate must still be closed: rows after it are not computed yet");
            TestFunctions.gate.countDown();
            String rest = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            long lines = (new String(first, StandardCharsets.UTF_8) + rest).lines().count();
            assertEquals(ROWS + 1, lines); // header + rows
        }
        assertFalse(TestFunctions.gateTimedOut);
    }

    @Test
    void readerKeepsItsSnapshotWhileAnUpdateCommits() throws Exception {
        f = new ServerFixture(dir, ServerFixture.options());
        f.fill(ROWS);
        TestFunctions.resetGate();
        HttpResponse<InputStream> r = openStream(GATED);
        try (InputStream in = r.body()) {
            assertTrue(TestFunctions.reached.await(30, TimeUnit.SECONDS));
            // While the query is half-way, drop everything and add other data.
            assertEquals(204, f.update("DROP ALL ; INSERT DATA { <urn:ex:new> <urn:ex:p> 1 }").statusCode());
            assertEquals("?n\n1", f.query("SELECT (COUNT(*) AS ?n) { ?s ?p ?o }", "text/tab-separated-values").body().strip());
            TestFunctions.gate.countDown();
            String all = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(ROWS + 1, all.lines().count());
            assertFalse(all.contains("urn:ex:new"));
        }
    }

    @Test
    void queriesBeyondTheLimitAndTheQueueGet503WithRetryAfter() throws Exception {
        CompletableFuture<HttpResponse<String>> first = holdTheOnlyPlace(0);
        HttpResponse<String> second = f.query("ASK {}", null);
        assertEquals(503, second.statusCode());
        assertTrue(second.headers().firstValue("Retry-After").isPresent());
        assertEquals(200, f.get("/status", null).statusCode()); // not a query
        TestFunctions.gate.countDown();
        assertEquals(200, first.get(30, TimeUnit.SECONDS).statusCode());
        // The place is free before the first response's last bytes went out.
        assertEquals(200, f.query("ASK {}", null).statusCode());
    }

    @Test
    void aQueryBeyondTheLimitWaitsInTheQueueAndRunsWhenAPlaceIsFree() throws Exception {
        CompletableFuture<HttpResponse<String>> first = holdTheOnlyPlace(1);
        CompletableFuture<HttpResponse<String>> queued = f.http.sendAsync(
                HttpRequest.newBuilder(f.uri("/sparql?query=" + ServerFixture.enc("ASK {}"))).build(),
                HttpResponse.BodyHandlers.ofString());
        awaitQueued(1);
        HttpResponse<String> third = f.query("ASK {}", null); // the queue (1) is full
        assertEquals(503, third.statusCode(), third.body());
        assertTrue(third.headers().firstValue("Retry-After").isPresent());
        assertFalse(queued.isDone());
        TestFunctions.gate.countDown();
        assertEquals(200, first.get(30, TimeUnit.SECONDS).statusCode());
        assertEquals(200, queued.get(30, TimeUnit.SECONDS).statusCode());
    }

    /** A server with one place and a queue of {@code queue}, the place held by a query stopped at the gate. */
    private CompletableFuture<HttpResponse<String>> holdTheOnlyPlace(int queue) throws InterruptedException {
        f = new ServerFixture(dir, ServerFixture.options().maxConcurrentQueries(1).maxQueuedQueries(queue));
        f.fill(ROWS);
        TestFunctions.resetGate();
        CompletableFuture<HttpResponse<String>> first = f.http.sendAsync(
                HttpRequest.newBuilder(f.uri("/sparql?query=" + ServerFixture.enc(GATED))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertTrue(TestFunctions.reached.await(30, TimeUnit.SECONDS));
        return first;
    }

    private void awaitQueued(int n) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!f.get("/status", null).body().replace(" ", "").contains("\"queued\":" + n)) {
            assertTrue(System.nanoTime() < end, "no query queued in 30 s");
            Thread.sleep(10);
        }
    }

    /** Every row is slow and none passes: the timeout strikes before the first result. */
    static final String SLOW_EMPTY = "SELECT ?s { ?s <urn:ex:p> ?o FILTER(<urn:test:slow>(?o) && ?o < 0) }";

    @Test
    void timeoutParameterCancelsASlowQuery() {
        f = new ServerFixture(dir, ServerFixture.options());
        f.fill(200); // 200 rows x 20 ms = 4 s without a timeout
        HttpResponse<String> r = f.get("/sparql?timeout=0.2&query=" + ServerFixture.enc(SLOW_EMPTY), null);
        assertEquals(503, r.statusCode(), r.body());
        assertTrue(r.body().contains("timeout"), r.body());
    }

    @Test
    void serverDefaultTimeoutApplies() {
        f = new ServerFixture(dir, ServerFixture.options().queryTimeout(Duration.ofMillis(200)));
        f.fill(200);
        assertEquals(503, f.query(SLOW_EMPTY, null).statusCode());
        // a request may ask for more time than the default
        assertEquals(200, f.get("/sparql?timeout=60&query=" + ServerFixture.enc(
                "SELECT ?s { ?s <urn:ex:p> ?o FILTER(<urn:test:slow>(?o)) } LIMIT 3"), null).statusCode());
    }

    @Test
    void timeoutBeforeAnythingWentOutAnswers503() {
        f = new ServerFixture(dir, ServerFixture.options());
        f.fill(200);
        // Rows come, but the first 16 KB of the response are held back: nothing was sent
        // when the timeout hits, so the client gets the timeout's own status.
        String slow = "SELECT ?s { ?s <urn:ex:p> ?o FILTER(<urn:test:slow>(?o)) }";
        HttpResponse<String> r = f.get("/sparql?timeout=0.3&query=" + ServerFixture.enc(slow), null);
        assertEquals(503, r.statusCode(), r.body());
        assertTrue(r.body().contains("timeout"), r.body());
    }

    @Test
    void timeoutAfterTheFirstBytesWentOutCutsTheResponse() {
        f = new ServerFixture(dir, ServerFixture.options());
        f.fill(200);
        // 4 KB a row: the status line and the first rows go out within a few rows, long
        // before the 2 s timeout, even on a loaded machine; the client must not get a result that looks whole.
        String slow = "SELECT ?s ?big { ?s <urn:ex:p> ?o FILTER(<urn:test:slow>(?o)) BIND(\"" + "x".repeat(64) + "\" AS ?a)"
                + " BIND(CONCAT(?a, ?a, ?a, ?a) AS ?b) BIND(CONCAT(?b, ?b, ?b, ?b) AS ?c) BIND(CONCAT(?c, ?c, ?c, ?c) AS ?big) }";
        java.io.UncheckedIOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.UncheckedIOException.class,
                () -> f.get("/sparql?timeout=2&query=" + ServerFixture.enc(slow), null));
        assertTrue(e.getCause() instanceof java.io.IOException);
    }
}
