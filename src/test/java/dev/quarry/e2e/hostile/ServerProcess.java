package dev.quarry.e2e.hostile;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code java -jar quarry.jar serve} as a child process on a free port, with helpers to talk to it. */
final class ServerProcess implements AutoCloseable {
    static final Pattern SERVING = Pattern.compile("serving .* at http://127\\.0\\.0\\.1:(\\d+)/sparql");
    /** Bound, clients waiting for the warm-up to end. */
    static final Pattern LISTENING = Pattern.compile("listening \\(clients wait until the warm-up ends\\): .* at http://127\\.0\\.0\\.1:(\\d+)/sparql");

    /** The JVM's exit status after SIGTERM, once the shutdown hook has stopped the server (128 + 15). */
    static final int EXIT_ON_SIGTERM = 143;

    final Path store;
    final Path log;
    final Process process;
    final int port;
    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    /** Started and serving; without a warm-up unless {@code options} ask for one (tests want a server at once). */
    ServerProcess(Path dir, String... options) throws Exception {
        this(dir, SERVING, options);
    }

    /** Started, with {@code until} found in its log (its group 1 the port). */
    ServerProcess(Path dir, Pattern until, String... options) throws Exception {
        this.store = dir.resolve("store");
        this.log = dir.resolve("server.log");
        List<String> cmd = new ArrayList<>(List.of(java(), "-jar", jar().toString(), "serve", "--store", store.toString(), "--port", "0"));
        if (!List.of(options).contains("--warm-up")) {
            cmd.addAll(List.of("--warm-up", "0"));
        }
        cmd.addAll(List.of(options));
        process = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        int found = -1;
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (found < 0) {
            assertTrue(process.isAlive(), "the server exited at start: " + Files.readString(log));
            assertTrue(System.nanoTime() < end, "the server did not start in 120 s: " + Files.readString(log));
            Matcher m = until.matcher(Files.readString(log));
            if (m.find()) {
                found = Integer.parseInt(m.group(1));
            } else {
                Thread.sleep(50);
            }
        }
        port = found;
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    static Path jar() {
        String prop = System.getProperty("quarry.jar");
        assertTrue(prop != null, "system property quarry.jar is not set (run through Maven)");
        return Path.of(prop);
    }

    URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + port + pathAndQuery);
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    HttpResponse<String> send(HttpRequest.Builder req) throws IOException, InterruptedException {
        return http.send(req.timeout(Duration.ofSeconds(120)).build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> query(String sparql, String... headers) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri("/sparql")).header("Content-Type", "application/x-www-form-urlencoded")
                .header("Accept", "text/csv").POST(HttpRequest.BodyPublishers.ofString("query=" + enc(sparql)));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return send(b);
    }

    HttpResponse<String> update(String sparql, String... headers) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri("/sparql")).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("update=" + enc(sparql)));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return send(b);
    }

    /** The one number a COUNT query answers (CSV). */
    long count(String sparql) throws IOException, InterruptedException {
        HttpResponse<String> r = query(sparql);
        assertTrue(r.statusCode() == 200, "count query failed: " + r.statusCode() + " " + r.body());
        return Long.parseLong(r.body().lines().skip(1).findFirst().orElseThrow().trim());
    }

    long quads() throws IOException, InterruptedException {
        return count("SELECT (COUNT(*) AS ?n) { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } }");
    }

    /** A number from /status, e.g. "running" or "queued". */
    long status(String field) throws IOException, InterruptedException {
        String body = send(HttpRequest.newBuilder(uri("/status"))).body();
        Matcher m = Pattern.compile("\"" + field + "\"\\s*:\\s*(\\d+)").matcher(body);
        assertTrue(m.find(), "no " + field + " in /status: " + body);
        return Long.parseLong(m.group(1));
    }

    /** Sends bytes as they are on a new connection and returns all the server answers (until it closes or 30 s pass). */
    String raw(String request) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(30_000);
            OutputStream out = s.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = s.getInputStream();
            byte[] all = in.readAllBytes();
            return new String(all, StandardCharsets.UTF_8);
        } catch (java.net.SocketTimeoutException e) {
            throw new AssertionError("no complete answer in 30 s to " + request.lines().findFirst().orElse(""), e);
        }
    }

    /** Waits for a condition the server reaches on its own; fails after {@code seconds}. */
    static void await(String what, long seconds, Check check) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!check.holds()) {
            assertTrue(System.nanoTime() < end, "not reached in " + seconds + " s: " + what);
            Thread.sleep(20);
        }
    }

    interface Check {
        boolean holds() throws Exception;
    }

    /** SIGTERM, then waits for the exit; returns the exit code. */
    int stop(long seconds) throws Exception {
        process.destroy();
        assertTrue(process.waitFor(seconds, TimeUnit.SECONDS), "the server did not stop within " + seconds + " s of SIGTERM");
        return process.exitValue();
    }

    /** {@code quarry verify} on the (stopped) server's store: its exit code and output. */
    String verify() throws Exception {
        Process p = new ProcessBuilder(java(), "-jar", jar().toString(), "verify", "--store", store.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "verify did not finish");
        return p.exitValue() + ": " + out;
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
    }
}
