package dev.quarry.e2e.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.testing.ProcessTest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code quarry serve --warm-up}: the port is bound at once, a client that connects during the
 * warm-up is answered when it ends, the warm-up asks real queries of the store, and a SIGTERM
 * during the warm-up stops the server cleanly with its store intact.
 */
@ProcessTest
class WarmUpAtStartTest {
    private static final Pattern DONE = Pattern.compile("warm-up: (\\d+) queries \\((\\d+) not answered");

    @TempDir
    Path dir;

    /** A store with some data: written by a server without warm-up, then stopped. */
    private void fill() throws Exception {
        try (ServerProcess s = new ServerProcess(dir)) {
            StringBuilder data = new StringBuilder("PREFIX : <http://example.org/> INSERT DATA {");
            for (int i = 0; i < 200; i++) {
                data.append(" :s").append(i).append(" a :Thing ; :n ").append(i).append(" ; :label \"thing ").append(i)
                        .append("\"@en ; :next :s").append(i + 1).append(" .");
            }
            assertEquals(204, s.update(data.append(" }").toString()).statusCode());
            assertEquals(ServerProcess.EXIT_ON_SIGTERM, s.stop(60));
        }
        Files.delete(dir.resolve("server.log"));
    }

    @Test
    void aClientConnectingDuringTheWarmUpIsAnsweredAfterIt() throws Exception {
        fill();
        try (ServerProcess s = new ServerProcess(dir, ServerProcess.LISTENING, "--warm-up", "20")) {
            CompletableFuture<HttpResponse<String>> early = CompletableFuture.supplyAsync(() -> {
                try {
                    return s.query("SELECT (COUNT(*) AS ?n) { ?s ?p ?o }");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            HttpResponse<String> r = early.get(120, java.util.concurrent.TimeUnit.SECONDS);
            String log = Files.readString(s.log);
            assertEquals(200, r.statusCode(), r.body());
            assertEquals("800", r.body().lines().skip(1).findFirst().orElseThrow().trim());
            Matcher m = DONE.matcher(log);
            assertTrue(m.find(), "the warm-up ended before the first client was answered: " + log);
            assertTrue(Integer.parseInt(m.group(1)) > 100, "the warm-up asked queries: " + log);
            assertEquals("0", m.group(2), "every warm-up query is valid SPARQL and fast on a small store: " + log);
            assertTrue(log.indexOf("warm-up:") < log.indexOf("QuarryServer: serving"), log);
            // The client's own query may already be logged (the access log writes ~100 ms late); the
            // warm-up's thousands of requests must not be.
            assertTrue(log.split("access: ", -1).length - 1 <= 1, "the warm-up's own requests are not in the access log: " + log);
            assertFalse(log.contains("WARN") || log.contains("ERROR"), log);
        }
    }

    @Test
    void sigtermDuringTheWarmUpStopsCleanly() throws Exception {
        fill();
        try (ServerProcess s = new ServerProcess(dir, ServerProcess.LISTENING, "--warm-up", "120")) {
            Thread.sleep(1500); // well inside the warm-up: its private server is answering queries
            assertEquals(ServerProcess.EXIT_ON_SIGTERM, s.stop(60), Files.readString(s.log));
            String log = Files.readString(s.log);
            assertFalse(log.contains("QuarryServer: serving"), "it never accepted clients: " + log);
            assertTrue(log.contains("closed"), "the store was closed: " + log);
            String verify = s.verify();
            assertTrue(verify.startsWith("0: "), verify);
        }
    }
}
