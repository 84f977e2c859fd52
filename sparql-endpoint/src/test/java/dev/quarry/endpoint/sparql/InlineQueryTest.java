package dev.quarry.endpoint.sparql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.endpoint.ServerFixture;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Queries first run on the connection's event loop (thread "quarry-io-N") and move to a
 * worker ("quarry-worker-N") when they run past the inline budget, answer more than the
 * response holds back, find no free place, or are updates; a moved request is answered
 * once, whole. {@code <urn:test:thread>()} tells which thread evaluated a query.
 */
class InlineQueryTest {
    private static final String CSV = "text/csv";

    /** A budget that a cold JVM's first queries fit in, for tests of what is answered inline. */
    private static final Duration ROOMY = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    @BeforeAll
    static void functions() {
        TestFunctions.register();
    }

    private static List<String> rows(HttpResponse<String> r) {
        assertEquals(200, r.statusCode(), r.body());
        List<String> lines = r.body().lines().toList();
        return lines.subList(1, lines.size());
    }

    private static long inlineCount(ServerFixture f, String outcome) {
        String metrics = f.get("/metrics", null).body();
        Matcher m = Pattern.compile("quarry_http_inline_total\\{outcome=\"" + outcome + "\"} ([0-9.]+)").matcher(metrics);
        assertTrue(m.find(), metrics);
        return (long) Double.parseDouble(m.group(1));
    }

    @Test
    void aShortQueryIsAnsweredOnTheEventLoopAndWithNoBudgetOnAWorker() {
        try (ServerFixture f = new ServerFixture(dir.resolve("a"), ServerFixture.options().inlineBudget(ROOMY))) {
            f.fill(3);
            List<String> rows = rows(f.query("SELECT ?o ?t { <urn:ex:s:1> <urn:ex:p> ?o BIND(<urn:test:thread>() AS ?t) }", CSV));
            assertEquals(1, rows.size(), rows.toString());
            assertTrue(rows.get(0).matches("1,quarry-io-\\d+"), rows.toString());
            assertEquals(1, inlineCount(f, "answered"));
            assertEquals(0, inlineCount(f, "moved"));
        }
        try (ServerFixture f = new ServerFixture(dir.resolve("b"), ServerFixture.options().inlineBudget(Duration.ZERO))) {
            f.fill(3);
            List<String> rows = rows(f.query("SELECT ?o ?t { <urn:ex:s:1> <urn:ex:p> ?o BIND(<urn:test:thread>() AS ?t) }", CSV));
            assertTrue(rows.get(0).matches("1,quarry-worker-\\d+"), rows.toString());
            assertEquals(0, inlineCount(f, "answered"));
        }
    }

    @Test
    void aQueryLongerThanTheBudgetMovesToAWorkerAndIsAnsweredWholeOnce() {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options())) {
            f.fill(5); // 5 x 20 ms, past the 2 ms budget
            String q = "SELECT ?s ?t { ?s <urn:ex:p> ?o FILTER(<urn:test:slow>(?o)) BIND(<urn:test:thread>() AS ?t) } ORDER BY ?s";
            HttpResponse<String> r = f.query(q, CSV);
            List<String> rows = rows(r);
            assertEquals(5, rows.size(), r.body());
            rows.forEach(row -> assertTrue(row.matches("urn:ex:s:\\d,quarry-worker-\\d+"), r.body()));
            assertEquals(1, inlineCount(f, "moved"));
            // The same shape with other constants goes to a worker at once, and is right there too.
            HttpResponse<String> again = f.query(q.replace("urn:ex:p", "urn:ex:none"), CSV);
            assertEquals(0, rows(again).size(), again.body());
        }
    }

    @Test
    void anAnswerLongerThanWhatTheEventLoopHoldsMovesAndArrivesWhole() {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options().inlineBudget(ROOMY))) {
            f.fill(6000); // ~40 bytes a row: ~240 KB, beyond the 64 KiB an inline answer may hold
            HttpResponse<String> r = f.query("SELECT ?s ?o ?t { ?s <urn:ex:p> ?o BIND(<urn:test:thread>() AS ?t) }", CSV);
            List<String> rows = rows(r);
            assertEquals(6000, rows.size());
            assertEquals(6000, rows.stream().distinct().count());
            rows.forEach(row -> assertTrue(row.matches("urn:ex:s:\\d+,\\d+,quarry-worker-\\d+"), row));
            assertTrue(inlineCount(f, "moved") >= 1);
            // ~20 KB (beyond the 16 KiB a worker sends before chunking) still fits an inline answer, sent whole.
            HttpResponse<String> mid = f.query("SELECT ?s ?o ?t { ?s <urn:ex:p> ?o BIND(<urn:test:thread>() AS ?t) "
                    + "FILTER(?o < 500) }", CSV);
            List<String> midRows = rows(mid);
            assertEquals(500, midRows.size());
            assertTrue(midRows.get(0).matches("urn:ex:s:\\d+,\\d+,quarry-io-\\d+"), midRows.get(0));
            assertTrue(mid.headers().firstValue("content-length").isPresent(), mid.headers().toString());
        }
    }

    @Test
    void anUpdateRunsOnAWorker() {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options())) {
            HttpResponse<String> u = f.update("INSERT { <urn:ex:u> <urn:ex:ran-on> ?t } WHERE { BIND(<urn:test:thread>() AS ?t) }");
            assertEquals(204, u.statusCode(), u.body());
            List<String> rows = rows(f.query("SELECT ?t { <urn:ex:u> <urn:ex:ran-on> ?t }", CSV));
            assertTrue(rows.get(0).matches("quarry-worker-\\d+"), rows.toString());
        }
    }

    @Test
    void timeoutsAreTheQuerysOwnWhetherShorterOrLongerThanTheBudget() {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options())) {
            f.fill(20);
            String slow = ServerFixture.enc("SELECT ?s { ?s <urn:ex:p> ?o FILTER(<urn:test:slow>(?o)) }");
            HttpResponse<String> shorter = f.get("/sparql?timeout=0.001&query=" + slow, CSV);
            assertEquals(503, shorter.statusCode(), shorter.body());
            assertTrue(shorter.body().contains("timeout of 1 ms"), shorter.body());
            HttpResponse<String> longer = f.get("/sparql?timeout=0.1&query=" + slow, CSV);
            assertEquals(503, longer.statusCode(), longer.body());
            assertTrue(longer.body().contains("timeout of 100 ms"), longer.body());
        }
    }

    /** With every place taken, a short query does not wait on the event loop: it queues on a worker. */
    @Test
    void aQueryFindingNoFreePlaceWaitsOnAWorker() throws Exception {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options().maxConcurrentQueries(1)
                .inlineBudget(Duration.ofMillis(50)))) {
            f.fill(10); // 10 x 20 ms
            CompletableFuture<HttpResponse<String>> slow = CompletableFuture.supplyAsync(() -> f.query(
                    "SELECT ?s { ?s <urn:ex:p> ?o FILTER(<urn:test:slow>(?o)) }", CSV));
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while ((inlineCount(f, "moved") < 1 || !f.get("/metrics", null).body().contains("quarry_queries_running 1.0"))
                    && System.nanoTime() < deadline) {
                Thread.sleep(5); // until the slow query, moved to a worker, holds the place
            }
            List<String> rows = rows(f.query("SELECT ?t { BIND(<urn:test:thread>() AS ?t) }", CSV));
            assertTrue(rows.get(0).matches("quarry-worker-\\d+"), rows.toString());
            assertEquals(10, rows(slow.get()).size());
        }
    }
}
