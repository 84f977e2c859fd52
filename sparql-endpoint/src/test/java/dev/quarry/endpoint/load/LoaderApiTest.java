package dev.quarry.endpoint.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.quarry.endpoint.ServerFixture;
import dev.quarry.endpoint.source.HttpSourceHosts;
import dev.quarry.endpoint.source.SourcePolicy;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.jena.atlas.json.JSON;
import org.apache.jena.atlas.json.JsonObject;
import org.apache.jena.atlas.json.JsonValue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The loader API as Neptune's curl commands use it: start (JSON and form), status with
 * details and paged errors, list, cancel, the queue with dependencies, Neptune's error
 * bodies, confinement to --allow-source, and job records across a restart.
 */
class LoaderApiTest {
    @TempDir
    Path tmp;
    Path data;
    HttpServer web;
    /** Documents the local web server serves: a first part, then (after its gate opens) the rest. */
    final Map<String, Gated> documents = new ConcurrentHashMap<>();

    record Gated(String head, String tail, CountDownLatch gate) {}

    @BeforeEach
    void setUp() throws Exception {
        data = Files.createDirectories(tmp.resolve("data"));
        Files.writeString(data.resolve("three.nq"), """
                <urn:ex:a> <urn:ex:p> "1" <urn:ex:g> .
                <urn:ex:b> <urn:ex:p> "2" .
                <urn:ex:c> <urn:ex:p> "3" .
                """);
        Files.writeString(data.resolve("bad.nt"), """
                <urn:ex:x> <urn:ex:p> "ok 1" .
                <urn:ex:x> "not a predicate" "o" .
                <urn:ex:x> <urn:ex:p> "ok 2" .
                <urn:ex:x> <urn:ex:p> .
                <urn:ex:x> <urn:ex:p> "unterminated .
                """);
        // "dir" is a link to another disk, as data directories often are (followed: only data's owner may write there)
        Files.setPosixFilePermissions(data, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        Path dir = Files.createDirectories(tmp.resolve("disk2/dir/sub"));
        Files.createSymbolicLink(data.resolve("dir"), dir.getParent());
        Files.writeString(data.resolve("dir/one.ttl"), "<urn:ex:d1> <urn:ex:p> 1 .\n");
        Files.writeString(dir.resolve("two.nt"), "<urn:ex:d2> <urn:ex:p> \"2\" .\n");
        Files.writeString(tmp.resolve("secret.nt"), "<urn:ex:secret> <urn:ex:p> \"s\" .\n");

        web = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        web.createContext("/", x -> {
            Gated doc = documents.get(x.getRequestURI().getPath());
            if (doc == null) {
                x.sendResponseHeaders(404, -1);
                x.close();
                return;
            }
            if (x.getRequestMethod().equals("HEAD")) {
                x.sendResponseHeaders(200, -1);
                x.close();
                return;
            }
            x.sendResponseHeaders(200, 0);
            try (OutputStream out = x.getResponseBody()) {
                out.write(doc.head.getBytes(StandardCharsets.UTF_8));
                out.flush();
                doc.gate.await(60, TimeUnit.SECONDS); // never longer: the test ends by itself
                out.write(doc.tail.getBytes(StandardCharsets.UTF_8));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        web.setExecutor(java.util.concurrent.Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "test-web");
            t.setDaemon(true);
            return t;
        }));
        web.start();
    }

    @AfterEach
    void tearDown() {
        documents.values().forEach(d -> d.gate.countDown());
        web.stop(0);
    }

    private ServerFixture server() {
        return new ServerFixture(tmp.resolve("store"), ServerFixture.options()
                .sources(new SourcePolicy(List.of(data), HttpSourceHosts.of(List.of("127.0.0.1")))));
    }

    private String url(String path) {
        return "http://127.0.0.1:" + web.getAddress().getPort() + path;
    }

    private static JsonObject json(HttpResponse<String> r, int expectedStatus) {
        assertEquals(expectedStatus, r.statusCode(), r.body());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/json"), r.headers().toString());
        return JSON.parse(r.body());
    }

    private static String startJson(ServerFixture f, String body) {
        JsonObject o = json(f.post("/loader", "application/json", body), 200);
        assertEquals("200 OK", o.getString("status"));
        return o.getObj("payload").getString("loadId");
    }

    private static JsonObject overall(ServerFixture f, String id) {
        return json(f.get("/loader/" + id, null), 200).getObj("payload").getObj("overallStatus");
    }

    /** Polls the status until it is {@code expected}; fails after 60 s. */
    private static JsonObject awaitStatus(ServerFixture f, String id, String expected) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            JsonObject o = overall(f, id);
            if (o.getString("status").equals(expected)) {
                return o;
            }
            assertTrue(System.nanoTime() < deadline, "load " + id + " still " + o + ", expected " + expected);
            Thread.sleep(50);
        }
    }

    private static void assertError(HttpResponse<String> r, int status, String code, String messagePart) {
        JsonObject o = json(r, status);
        assertEquals(code, o.getString("code"), r.body());
        assertTrue(o.getString("detailedMessage").contains(messagePart), r.body());
        assertTrue(o.hasKey("requestId"), r.body());
    }

    private static long count(ServerFixture f) {
        HttpResponse<String> r = f.query("SELECT (COUNT(*) AS ?n) { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } }",
                "text/csv");
        assertEquals(200, r.statusCode(), r.body());
        return Long.parseLong(r.body().lines().toList().get(1).strip());
    }

    private static long num(JsonObject o, String name) {
        return o.getNumber(name).longValue();
    }

    @Test
    void jsonAndFormLoadsReportNeptunesStatusWithPagedErrors() throws Exception {
        try (ServerFixture f = server()) {
            String first = startJson(f, "{\"source\":\"" + data.resolve("three.nq").toUri() + "\",\"format\":\"nquads\","
                    + "\"failOnError\":\"FALSE\",\"parallelism\":\"MEDIUM\",\"iamRoleArn\":\"ignored\",\"region\":\"x\"}");
            JsonObject done = awaitStatus(f, first, "LOAD_COMPLETED");
            assertEquals(3, num(done, "totalRecords"));
            assertEquals(0, num(done, "totalDuplicates"));
            assertEquals(data.resolve("three.nq").toUri().toString(), done.getString("fullUri"));
            assertTrue(num(done, "startTime") > 1_600_000_000L, done.toString());
            assertEquals(3, count(f));

            // curl -d 'source=...' sends a form; a plain path is a source too
            String form = "source=" + ServerFixture.enc(data.resolve("bad.nt").toString()) + "&format=ntriples&failOnError=FALSE";
            JsonObject started = json(f.post("/loader", "application/x-www-form-urlencoded", form), 200);
            String second = started.getObj("payload").getString("loadId");
            JsonObject badDone = awaitStatus(f, second, "LOAD_COMPLETED");
            assertEquals(3, num(badDone, "parsingErrors"), badDone.toString());
            assertEquals(5, count(f));

            JsonObject payload = json(f.get("/loader/" + second + "?details=true&errors=true&page=2&errorsPerPage=2", null), 200)
                    .getObj("payload");
            JsonObject feedCount = payload.get("feedCount").getAsArray().getFirst().getAsObject();
            assertEquals(1, num(feedCount, "LOAD_COMPLETED"), payload.toString());
            assertEquals(0, payload.get("failedFeeds").getAsArray().size());
            JsonObject errors = payload.getObj("errors");
            assertEquals(3, num(errors, "startIndex"));
            assertEquals(3, num(errors, "endIndex"));
            assertEquals(second, errors.getString("loadId"));
            JsonObject log = errors.get("errorLogs").getAsArray().getFirst().getAsObject();
            assertEquals("PARSING_ERROR", log.getString("errorCode"));
            assertEquals(5, num(log, "recordNum"));
            assertTrue(log.getString("fileName").endsWith("bad.nt"), log.toString());
            JsonObject page1 = json(f.get("/loader?loadId=" + second + "&errors=true&errorsPerPage=2", null), 200)
                    .getObj("payload").getObj("errors");
            assertEquals(1, num(page1, "startIndex"));
            assertEquals(2, num(page1, "endIndex"));
            assertEquals(2, num(page1.get("errorLogs").getAsArray().getFirst().getAsObject(), "recordNum"));

            // a directory loads every file below it; parserConfiguration puts triples into a graph
            String third = startJson(f, "{\"source\":\"" + data.resolve("dir") + "\",\"parserConfiguration\":"
                    + "{\"namedGraphUri\":\"urn:ex:dirgraph\"}}");
            JsonObject dirDone = awaitStatus(f, third, "LOAD_COMPLETED");
            assertEquals(2, num(dirDone, "totalRecords"));
            HttpResponse<String> ask = f.query("ASK { GRAPH <urn:ex:dirgraph> { <urn:ex:d2> ?p ?o } }",
                    "application/sparql-results+json");
            assertTrue(ask.body().replace(" ", "").contains("\"boolean\":true"), ask.body());

            JsonObject list = json(f.get("/loader", null), 200).getObj("payload");
            assertEquals(List.of(third, second, first), ids(list));
            assertEquals(List.of(third), ids(json(f.get("/loader?limit=1", null), 200).getObj("payload")));
        }
    }

    private static List<String> ids(JsonObject payload) {
        return payload.get("loadIds").getAsArray().stream().map(v -> v.getAsString().value()).toList();
    }

    @Test
    void badRequestsAnswerNeptunesErrorBodies() throws Exception {
        Path linkDir = Files.createDirectories(data.resolve("linkdir"));
        Files.setPosixFilePermissions(linkDir, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxr-x")); // group-writable
        Files.writeString(linkDir.resolve("fine.nt"), "<urn:ex:f> <urn:ex:p> \"f\" .\n");
        Files.createSymbolicLink(linkDir.resolve("escape.nt"), tmp.resolve("secret.nt"));
        try (ServerFixture f = server()) {
            // a link that leads outside the allowed directory, in a directory others may write to, refuses the whole directory
            assertError(f.post("/loader", "application/json", "{\"source\":\"" + linkDir + "\"}"),
                    400, "BadRequestException", "--allow-source");
            String ok = data.resolve("three.nq").toUri().toString();
            assertError(f.post("/loader", "application/json", "{\"source\":\"" + ok + "\",\"format\":\"csv\"}"),
                    400, "BadRequestException", "unsupported format 'csv'");
            assertError(f.post("/loader", "application/json", "{\"format\":\"nquads\"}"),
                    400, "BadRequestException", "missing parameter: source");
            assertError(f.post("/loader", "application/json", "{\"source\":\"file:///etc/passwd\"}"),
                    400, "BadRequestException", "--allow-source");
            assertError(f.post("/loader", "application/json", "{\"source\":\"" + tmp.resolve("secret.nt") + "\"}"),
                    400, "BadRequestException", "--allow-source");
            assertError(f.post("/loader", "application/json", "{\"source\":\"" + data.resolve("../secret.nt") + "\"}"),
                    400, "BadRequestException", "--allow-source");
            assertError(f.post("/loader", "application/json", "{\"source\":\"data/three.nq\"}"),
                    400, "BadRequestException", "absolute path");
            assertError(f.post("/loader", "application/json", "{\"source\":\"" + data.resolve("none.nq") + "\"}"),
                    400, "BadRequestException", "no such file");
            assertError(f.post("/loader", "application/json", "{\"source\":\"" + ok + "\",\"failOnError\":\"maybe\"}"),
                    400, "BadRequestException", "failOnError");
            assertError(f.post("/loader", "application/json", "{\"source\":\"" + ok + "\",\"dependencies\":[\"nope\"]}"),
                    400, "BadRequestException", "unknown load id");
            assertError(f.post("/loader", "application/json", "{\"source\":"), 400, "BadRequestException", "JSON");
            assertError(f.get("/loader/no-such-id", null), 404, "BulkLoadIdNotFoundException", "no-such-id");
            assertError(f.send(HttpRequest.newBuilder(f.uri("/loader/no-such-id")).DELETE().build()),
                    404, "BulkLoadIdNotFoundException", "no-such-id");
            assertEquals(0, f.store.stats().quads());
        }
    }

    @Test
    void failOnErrorLoadsNothing() throws Exception {
        try (ServerFixture f = server()) {
            String id = startJson(f, "{\"source\":\"" + data.resolve("bad.nt") + "\",\"failOnError\":\"TRUE\"}");
            JsonObject o = awaitStatus(f, id, "LOAD_CANCELLED_DUE_TO_ERRORS");
            assertTrue(o.getString("message").contains("bad.nt:2:"), o.toString());
            JsonObject payload = json(f.get("/loader/" + id + "?details=true", null), 200).getObj("payload");
            assertEquals(1, payload.get("failedFeeds").getAsArray().size());
            assertEquals(0, count(f));
        }
    }

    @Test
    void queueDependenciesCancelAndSnapshotIsolation() throws Exception {
        StringBuilder slowHead = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            slowHead.append("<urn:ex:slow").append(i).append("> <urn:ex:p> \"").append(i).append("\" .\n");
        }
        Gated slow = new Gated(slowHead.toString(), "<urn:ex:slowlast> <urn:ex:p> \"last\" .\n", new CountDownLatch(1));
        documents.put("/slow.nt", slow);
        try (ServerFixture f = server()) {
            f.fill(10);
            String running = startJson(f, "{\"source\":\"" + url("/slow.nt") + "\",\"format\":\"ntriples\"}");
            awaitStatus(f, running, "LOAD_IN_PROGRESS");

            String three = data.resolve("three.nq").toString();
            assertError(f.post("/loader", "application/json", "{\"source\":\"" + three + "\"}"),
                    429, "TooManyRequestsException", "queueRequest");
            String dependent = startJson(f, "{\"source\":\"" + three + "\",\"queueRequest\":\"TRUE\","
                    + "\"dependencies\":[\"" + running + "\"]}");
            String cancelled = startJson(f, "{\"source\":\"" + data.resolve("bad.nt") + "\",\"queueRequest\":\"TRUE\"}");
            assertEquals("LOAD_IN_QUEUE", overall(f, dependent).getString("status"));
            JsonObject del = json(f.send(HttpRequest.newBuilder(f.uri("/loader/" + cancelled)).DELETE().build()), 200);
            assertEquals("200 OK", del.getString("status"));
            assertEquals("LOAD_CANCELLED_BY_USER", overall(f, cancelled).getString("status"));

            assertEquals(2, num(json(f.get("/status", null), 200).getObj("loads"), "active"));

            // queries are answered from their snapshot while the load runs
            assertEquals(10, count(f));
            slow.gate.countDown();
            awaitStatus(f, running, "LOAD_COMPLETED");
            awaitStatus(f, dependent, "LOAD_COMPLETED");
            assertEquals(10 + 101 + 3, count(f));
            assertEquals("LOAD_CANCELLED_BY_USER", overall(f, cancelled).getString("status"));
        }
    }

    @Test
    void cancellingARunningLoadCommitsNothingAndFailsItsDependents() throws Exception {
        Gated stuck = new Gated("<urn:ex:s1> <urn:ex:p> \"1\" .\n".repeat(50), "this is not N-Triples\n", new CountDownLatch(1));
        documents.put("/stuck.nt", stuck);
        try (ServerFixture f = server()) {
            String running = startJson(f, "{\"source\":\"" + url("/stuck.nt") + "\",\"failOnError\":\"TRUE\"}");
            awaitStatus(f, running, "LOAD_IN_PROGRESS");
            String dependent = startJson(f, "{\"source\":\"" + data.resolve("three.nq") + "\",\"queueRequest\":\"TRUE\","
                    + "\"dependencies\":[\"" + running + "\"]}");
            json(f.send(HttpRequest.newBuilder(f.uri("/loader/" + running)).DELETE().build()), 200);
            stuck.gate.countDown(); // whatever the load reads now, it was cancelled: nothing may commit
            awaitStatus(f, running, "LOAD_CANCELLED_BY_USER");
            JsonObject dep = awaitStatus(f, dependent, "LOAD_FAILED_BECAUSE_DEPENDENCY_NOT_SATISFIED");
            assertTrue(dep.getString("message").contains(running), dep.toString());
            assertEquals(0, count(f));
            assertError(f.send(HttpRequest.newBuilder(f.uri("/loader/" + running)).DELETE().build()),
                    400, "BadRequestException", "already ended");
        }
    }

    @Test
    void jobRecordsSurviveARestartAndALoadCutShortIsReportedFailed() throws Exception {
        String id;
        try (ServerFixture f = server()) {
            id = startJson(f, "{\"source\":\"" + data.resolve("three.nq") + "\"}");
            awaitStatus(f, id, "LOAD_COMPLETED");
            // What a crash in the middle of a load leaves: a record that says "in progress".
            JsonObject rec = JSON.parse(new String(f.store.jobRecords().get(id), StandardCharsets.UTF_8));
            rec.put("id", "crashed-load");
            rec.put("status", "LOAD_IN_PROGRESS");
            rec.put("submitted", System.currentTimeMillis() + 1000);
            f.store.putJobRecord("crashed-load", JSON.toStringFlat(rec).getBytes(StandardCharsets.UTF_8));
        }
        try (ServerFixture f = server()) {
            JsonObject o = overall(f, id);
            assertEquals("LOAD_COMPLETED", o.getString("status"));
            assertEquals(3, num(o, "totalRecords"));
            assertEquals(List.of("crashed-load", id), ids(json(f.get("/loader", null), 200).getObj("payload")));
            JsonObject crashed = overall(f, "crashed-load");
            assertEquals("LOAD_FAILED", crashed.getString("status"));
            JsonValue msg = crashed.get("message");
            assertTrue(msg != null && msg.getAsString().value().contains("stopped"), crashed.toString());
            assertEquals(3, count(f));
        }
    }

    @Test
    void readOnlyServerRefusesLoads() {
        try (ServerFixture f = new ServerFixture(tmp.resolve("store"), ServerFixture.options().readOnly(true)
                .sources(new SourcePolicy(List.of(data), false)))) {
            HttpResponse<String> r = f.post("/loader", "application/json", "{\"source\":\"" + data.resolve("three.nq") + "\"}");
            assertError(r, 403, "AccessDeniedException", "read-only");
        }
    }

}
