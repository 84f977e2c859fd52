package dev.quarry.e2e.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.testing.ProcessTest;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clients that vanish while their query runs crashed the server (SIGSEGV in RocksDB: a
 * cursor closed by another thread while the query thread used it) or left a worker in
 * a transaction it never ended. Here 51 queries, on both the id-level engine and ARQ's
 * (a property path), are cut by connection resets while they run and other clients keep
 * querying; then every worker must answer, the store must be unchanged, SIGTERM must stop
 * the server within its grace period even with regex bombs running, and verify be clean.
 */
@ProcessTest
class MidQueryDisconnectTest {
    /** Never ends on its own over the test data (a triple cross product): runs on the id-level engine. */
    static final String ID_LEVEL = "SELECT (COUNT(*) AS ?n) { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }";
    /** The same with a property path, which the id-level engine leaves to ARQ. */
    static final String FALLBACK = "SELECT (COUNT(*) AS ?n) { ?a <urn:ex:p0>+ ?c . ?d ?e ?f . ?g ?h ?i }";
    static final int ROUNDS = 17;
    static final int PER_ROUND = 3;

    @TempDir
    Path dir;

    @Test
    void fiftyOneMidQueryDisconnectsUnderLoadLeaveEveryWorkerServingAndTheStoreClean() throws Exception {
        try (ServerProcess server = new ServerProcess(dir, "--shutdown-grace", "2", "--max-concurrent-queries", "4")) {
            StringBuilder nt = new StringBuilder();
            for (int i = 0; i < 300; i++) {
                nt.append("<urn:ex:s").append(i % 50).append("> <urn:ex:p").append(i % 3).append("> <urn:ex:s").append(i % 40).append("> .\n");
            }
            assertEquals(2, server.send(HttpRequest.newBuilder(server.uri("/data?default"))
                    .header("Content-Type", "application/n-triples").PUT(HttpRequest.BodyPublishers.ofString(nt.toString()))).statusCode() / 100);
            long quads = server.quads();

            AtomicBoolean loading = new AtomicBoolean(true);
            AtomicLong loadAnswers = new AtomicLong();
            CompletableFuture<String> load = CompletableFuture.supplyAsync(() -> {
                try {
                    while (loading.get()) {
                        HttpResponse<String> r = server.query("SELECT ?s { ?s <urn:ex:p1> ?o } LIMIT 3");
                        if (r.statusCode() != 200 && r.statusCode() != 503) {
                            return "load query answered " + r.statusCode() + ": " + r.body();
                        }
                        loadAnswers.incrementAndGet();
                    }
                    return "ok";
                } catch (Exception e) {
                    return "load query failed: " + e;
                }
            });

            for (int round = 0; round < ROUNDS; round++) {
                List<Socket> clients = new ArrayList<>();
                for (int k = 0; k < PER_ROUND; k++) {
                    clients.add(send(server.port, (round + k) % 2 == 0 ? ID_LEVEL : FALLBACK));
                }
                // Cut them while they run: wait until the server runs at least as many queries.
                ServerProcess.await("the round's queries running", 60, () -> server.status("running") >= PER_ROUND);
                for (Socket s : clients) {
                    s.setSoLinger(true, 0); // close with a reset, as a killed client does
                    s.close();
                }
            }
            loading.set(false);
            assertEquals("ok", load.get(120, TimeUnit.SECONDS));
            assertTrue(loadAnswers.get() > 0);

            ServerProcess.await("every cut query stopped", 60,
                    () -> server.status("running") == 0 && server.status("queued") == 0);
            // Every worker thread serves again (a worker left in a transaction answered 500 to everything).
            List<CompletableFuture<HttpResponse<String>>> asks = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                asks.add(server.http.sendAsync(HttpRequest.newBuilder(server.uri("/sparql?query=" + ServerProcess.enc("ASK { ?s ?p ?o }"))).build(),
                        HttpResponse.BodyHandlers.ofString()));
            }
            for (CompletableFuture<HttpResponse<String>> a : asks) {
                HttpResponse<String> r = a.get(120, TimeUnit.SECONDS);
                assertEquals(200, r.statusCode(), r.body());
            }
            assertEquals(204, server.update("INSERT DATA { <urn:ex:after> <urn:ex:p> 1 }").statusCode());
            assertEquals(quads + 1, server.quads());

            // SIGTERM with regex bombs running and no timeout: the grace (2 s) passes, they are cancelled and stop.
            for (int i = 0; i < 4; i++) {
                send(server.port, "SELECT ?x { BIND(\"" + "a".repeat(60) + "\" AS ?x) FILTER(REGEX(?x, \"(.*a){12}x\")) }");
            }
            ServerProcess.await("the regex bombs running", 60, () -> server.status("running") >= 4);
            assertEquals(ServerProcess.EXIT_ON_SIGTERM, server.stop(60));
            String log = Files.readString(server.log);
            assertFalse(log.contains("already in a transaction"), log);
            assertFalse(log.contains("Exception"), log);
            assertFalse(log.contains("did not stop"), log);
            String verify = server.verify();
            assertTrue(verify.startsWith("0: "), verify);
        }
    }

    /** A query POSTed on a new connection that is left open (its answer is never read). */
    private static Socket send(int port, String query) throws Exception {
        Socket s = new Socket("127.0.0.1", port);
        String body = "query=" + ServerProcess.enc(query);
        OutputStream out = s.getOutputStream();
        out.write(("POST /sparql?timeout=600 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Content-Length: " + body.length() + "\r\n\r\n" + body).getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return s;
    }
}
