package dev.quarry.endpoint;

import dev.quarry.endpoint.server.QuarryServer;
import dev.quarry.endpoint.server.ServerOptions;
import dev.quarry.store.QuadStore;
import dev.quarry.store.WriteTransaction;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.jena.graph.NodeFactory;

/** A temporary store served on a free port of 127.0.0.1, and an HTTP client for it. */
public final class ServerFixture implements AutoCloseable {
    public final QuadStore store;
    public final QuarryServer server = new QuarryServer();
    public final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    public final int port;

    public ServerFixture(Path dir, ServerOptions.Builder options) {
        this.store = QuadStore.open(dir);
        this.port = server.start(store, options.port(0).build());
    }

    public static ServerOptions.Builder options() {
        return ServerOptions.builder().shutdownGrace(Duration.ofSeconds(5));
    }

    public URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + port + pathAndQuery);
    }

    public static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    public HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public HttpResponse<String> get(String pathAndQuery, String accept) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(pathAndQuery)).timeout(Duration.ofSeconds(30));
        if (accept != null) {
            b.header("Accept", accept);
        }
        return send(b.GET().build());
    }

    public HttpResponse<String> query(String sparql, String accept) {
        return get("/sparql?query=" + enc(sparql), accept);
    }

    public HttpResponse<String> post(String path, String contentType, String body, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", contentType);
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return send(b.POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    public HttpResponse<String> update(String sparql, String... headers) {
        return post("/sparql", "application/sparql-update", sparql, headers);
    }

    /** Adds {@code n} quads {@code <urn:ex:s:i> <urn:ex:p> i} to the default graph directly. */
    public void fill(int n) {
        try (WriteTransaction txn = store.beginWrite()) {
            for (int i = 0; i < n; i++) {
                txn.add(null, NodeFactory.createURI("urn:ex:s:" + i), NodeFactory.createURI("urn:ex:p"),
                        NodeFactory.createLiteralByValue(i));
            }
            txn.commit();
        }
    }

    @Override
    public void close() {
        if (server.stop()) {
            store.close(); // never under a worker still running: closing RocksDB under it crashes the JVM
        }
    }
}
