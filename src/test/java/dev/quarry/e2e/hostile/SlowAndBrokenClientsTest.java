package dev.quarry.e2e.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.testing.ProcessTest;
import java.io.InputStream;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Slow-loris clients and command-line mistakes: the server drops stalled connections
 * without a stack trace (a double release logged one per connection), and the CLI names
 * what is wrong with the right exit status.
 */
@ProcessTest
class SlowAndBrokenClientsTest {
    @TempDir
    Path dir;

    @Test
    void stalledConnectionsAreDroppedWithoutStackTraces() throws Exception {
        try (ServerProcess server = new ServerProcess(dir, "--client-timeout", "1")) {
            List<Socket> stalled = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                Socket s = new Socket("127.0.0.1", server.port);
                String start = i % 2 == 0
                        ? "POST /sparql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nquery="
                        : "GET /sparql?query=ASK HTTP/1.1\r\nHost: 12";
                s.getOutputStream().write(start.getBytes(StandardCharsets.US_ASCII));
                s.getOutputStream().flush();
                stalled.add(s);
            }
            for (Socket s : stalled) {
                s.setSoTimeout(60_000);
                InputStream in = s.getInputStream();
                in.readAllBytes(); // until the server closes it (a 408 for a stalled body, or nothing)
                s.close();
            }
            assertEquals(200, server.send(HttpRequest.newBuilder(server.uri("/status"))).statusCode());
            assertEquals(ServerProcess.EXIT_ON_SIGTERM, server.stop(60));
            String log = Files.readString(server.log);
            assertFalse(log.contains("Exception"), log);
        }
    }

    private Run quarry(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ServerProcess.java(), "-jar", ServerProcess.jar().toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        return new Run(p.exitValue(), out);
    }

    record Run(int exit, String out) {}

    @Test
    void serveOnAStoreInUseExits1AndOnAPortInUseNamesThePort() throws Exception {
        try (ServerProcess server = new ServerProcess(dir)) {
            Run locked = quarry("serve", "--store", server.store.toString(), "--port", "0");
            assertEquals(1, locked.exit(), locked.out());
            assertTrue(locked.out().contains("in use by another process"), locked.out());
            Run port = quarry("serve", "--store", dir.resolve("other").toString(), "--port", String.valueOf(server.port));
            assertEquals(1, port.exit(), port.out());
            assertTrue(port.out().contains(":" + server.port + ": "), port.out());
        }
    }

    @Test
    void aMistypedOptionIsNamed() throws Exception {
        Run r = quarry("load", "--stor", "x", "data.nt");
        assertEquals(2, r.exit(), r.out());
        assertTrue(r.out().contains("unknown option '--stor'"), r.out());
    }

    @Test
    void controlCharactersInErrorLinesAreEscaped() throws Exception {
        Run r = quarry("load", "--store", "db", "no\u001b[31msuch\u0007.nt");
        assertEquals(1, r.exit(), r.out());
        assertFalse(r.out().contains("\u001b") || r.out().contains("\u0007"), r.out());
        assertTrue(r.out().contains("\\x1b"), r.out());
    }
}
