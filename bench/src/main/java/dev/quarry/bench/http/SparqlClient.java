package dev.quarry.bench.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Sends a query to a SPARQL 1.1 Protocol endpoint (POST, {@code application/sparql-query}) over
 * HTTP/1.1 keep-alive and reads the whole answer, counting its rows. One instance per client
 * thread, so each client keeps its own connection like a separate user would.
 */
final class SparqlClient implements AutoCloseable {

    /** The outcome of one query: rows (-1 on failure), wall time, and the failure if any. */
    record Answer(long rows, long nanos, String error) {
        boolean ok() {
            return error == null;
        }
    }

    private final HttpClient http;
    private final URI endpoint;
    private final Duration timeout;

    SparqlClient(URI endpoint, Duration timeout) {
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
        this.endpoint = endpoint;
        this.timeout = timeout;
    }

    Answer run(String query, boolean construct) {
        HttpRequest request = HttpRequest.newBuilder(endpoint)
            .timeout(timeout)
            .header("Content-Type", "application/sparql-query; charset=utf-8")
            .header("Accept", construct ? "application/n-triples" : "application/sparql-results+json")
            .POST(HttpRequest.BodyPublishers.ofString(query, StandardCharsets.UTF_8))
            .build();
        long start = System.nanoTime();
        try {
            HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream body = response.body()) {
                if (response.statusCode() != 200) {
                    String text = new String(body.readNBytes(300), StandardCharsets.UTF_8).replaceAll("\\s+", " ").trim();
                    return new Answer(-1, System.nanoTime() - start, "HTTP " + response.statusCode() + ": " + text);
                }
                long rows = construct ? RowCounter.ntriplesLines(body) : RowCounter.jsonRows(body);
                return new Answer(rows, System.nanoTime() - start, null);
            }
        } catch (IOException e) {
            return new Answer(-1, System.nanoTime() - start, e.getMessage() == null ? e.toString() : e.getClass().getSimpleName() + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Answer(-1, System.nanoTime() - start, "interrupted");
        }
    }

    @Override
    public void close() {
        http.close();
    }
}
