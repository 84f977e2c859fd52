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
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.jena.atlas.json.JSON;
import org.apache.jena.atlas.json.JsonObject;
import org.apache.jena.atlas.json.JsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Loader job records are bounded: the most recent N finished jobs are kept, older or
 * too-old ones are forgotten when a job ends and at startup, in the store too (so the
 * bound holds across a restart), but never a job a queued one depends on.
 */
class LoaderJobRetentionTest {
    @TempDir
    Path tmp;

    private ServerFixture server(Path data, JobRetention retention) {
        return new ServerFixture(tmp.resolve("store"), ServerFixture.options()
                .sources(new SourcePolicy(List.of(data), HttpSourceHosts.of(List.of("127.0.0.1")))).loadJobRetention(retention));
    }

    private static String start(ServerFixture f, String body) {
        HttpResponse<String> r = f.post("/loader", "application/json", body);
        assertEquals(200, r.statusCode(), r.body());
        return JSON.parse(r.body()).getObj("payload").getString("loadId");
    }

    private static String status(ServerFixture f, String id) {
        HttpResponse<String> r = f.get("/loader/" + id, null);
        return r.statusCode() == 404 ? "gone" : JSON.parse(r.body()).getObj("payload").getObj("overallStatus").getString("status");
    }

    private static void await(ServerFixture f, String id, String expected) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!status(f, id).equals(expected)) {
            assertTrue(System.nanoTime() < deadline, "load " + id + " is " + status(f, id) + ", expected " + expected);
            Thread.sleep(20);
        }
    }

    private static List<String> listed(ServerFixture f) {
        List<String> ids = new ArrayList<>();
        for (JsonValue v : JSON.parse(f.get("/loader", null).body()).getObj("payload").get("loadIds").getAsArray()) {
            ids.add(v.getAsString().value());
        }
        return ids;
    }

    /** The listed ids once they are {@code expected}: a job's end is reported just before its runner prunes. */
    private static void awaitListed(ServerFixture f, List<String> expected) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!listed(f).equals(expected)) {
            assertTrue(System.nanoTime() < deadline, "listed " + listed(f) + ", expected " + expected);
            Thread.sleep(20);
        }
    }

    private Path data() throws Exception {
        Path data = Files.createDirectories(tmp.resolve("data"));
        Files.writeString(data.resolve("one.nt"), "<urn:ex:a> <urn:ex:p> \"1\" .\n");
        return data;
    }

    @Test
    void onlyTheMostRecentFinishedJobsAreKeptAlsoAfterARestart() throws Exception {
        Path data = data();
        String body = "{\"source\":\"" + data.resolve("one.nt") + "\"}";
        List<String> ids = new ArrayList<>();
        try (ServerFixture f = server(data, new JobRetention(2, Duration.ZERO))) {
            for (int i = 0; i < 4; i++) {
                ids.add(start(f, body));
                await(f, ids.getLast(), "LOAD_COMPLETED");
            }
            awaitListed(f, List.of(ids.get(3), ids.get(2)));
            assertEquals("gone", status(f, ids.get(0)));
            assertEquals(Set.of(ids.get(2), ids.get(3)), f.store.jobRecords().keySet());
        }
        try (ServerFixture f = server(data, new JobRetention(2, Duration.ZERO))) {
            assertEquals(List.of(ids.get(3), ids.get(2)), listed(f));
        }
        try (ServerFixture f = server(data, new JobRetention(1, Duration.ZERO))) { // a smaller bound applies at startup
            assertEquals(List.of(ids.get(3)), listed(f));
            assertEquals(Set.of(ids.get(3)), f.store.jobRecords().keySet());
        }
    }

    @Test
    void jobsPastTheAgeLimitAreForgottenAtStartup() throws Exception {
        Path data = data();
        String recent;
        try (ServerFixture f = server(data, JobRetention.defaults())) {
            recent = start(f, "{\"source\":\"" + data.resolve("one.nt") + "\"}");
            await(f, recent, "LOAD_COMPLETED");
            JsonObject old = JSON.parse(new String(f.store.jobRecords().get(recent), StandardCharsets.UTF_8));
            old.put("id", "old-load");
            old.put("submitted", System.currentTimeMillis() - Duration.ofDays(10).toMillis());
            f.store.putJobRecord("old-load", JSON.toStringFlat(old).getBytes(StandardCharsets.UTF_8));
        }
        try (ServerFixture f = server(data, new JobRetention(100, Duration.ofDays(1)))) {
            assertEquals(List.of(recent), listed(f));
            assertEquals(Set.of(recent), f.store.jobRecords().keySet());
        }
    }

    @Test
    void aJobAQueuedLoadDependsOnIsKept() throws Exception {
        Path data = data();
        CountDownLatch gate = new CountDownLatch(1);
        HttpServer web = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        web.createContext("/slow.nt", x -> {
            x.sendResponseHeaders(200, 0);
            try (OutputStream out = x.getResponseBody()) {
                out.write("<urn:ex:s> <urn:ex:p> \"1\" .\n".getBytes(StandardCharsets.UTF_8));
                out.flush();
                gate.await(60, TimeUnit.SECONDS); // never longer: the test ends by itself
                out.write("<urn:ex:s> <urn:ex:p> \"2\" .\n".getBytes(StandardCharsets.UTF_8));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        web.start();
        try (ServerFixture f = server(data, new JobRetention(1, Duration.ZERO))) {
            String first = start(f, "{\"source\":\"" + data.resolve("one.nt") + "\"}");
            await(f, first, "LOAD_COMPLETED");
            String slow = start(f, "{\"source\":\"http://127.0.0.1:" + web.getAddress().getPort() + "/slow.nt\","
                    + "\"format\":\"ntriples\"}");
            await(f, slow, "LOAD_IN_PROGRESS");
            String dependent = start(f, "{\"source\":\"" + data.resolve("one.nt") + "\",\"queueRequest\":\"TRUE\","
                    + "\"dependencies\":[\"" + first + "\"]}");
            gate.countDown();
            // When the slow load ends, the first is beyond the bound of 1 but the queued load needs its outcome.
            await(f, dependent, "LOAD_COMPLETED");
            awaitListed(f, List.of(dependent)); // and once that has run, it goes
        } finally {
            gate.countDown();
            web.stop(0);
        }
    }
}
