package dev.quarry.e2e.conformance;

import dev.quarry.endpoint.server.QuarryServer;
import dev.quarry.endpoint.server.ServerOptions;
import dev.quarry.store.QuadStore;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.jena.graph.Graph;
import org.apache.jena.query.Query;
import org.apache.jena.query.ResultSetRewindable;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.ResultSetMgr;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.sparql.graph.GraphFactory;
import org.apache.jena.update.UpdateRequest;

/**
 * Queries and updates sent to a {@link QuarryServer} on 127.0.0.1 serving the given store:
 * the file's text, unchanged, under a {@code BASE} of the file's IRI (the base the
 * in-process runner parses with), POSTed to {@code /sparql}; answers are parsed back
 * with RIOT, so the comparison sees what a client sees. The server stops on {@link #close}.
 */
final class HttpTarget implements SparqlTarget, AutoCloseable {
    private static final String RESULTS_JSON = "application/sparql-results+json";
    private static final String TURTLE = "text/turtle";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private final QuarryServer server;
    private final URI sparql;
    /** The media type SELECT and ASK answers are asked in. */
    private final String results;

    private HttpTarget(QuarryServer server, URI sparql, String results) {
        this.server = server;
        this.sparql = sparql;
        this.results = results;
    }

    /** The same server, asked for SELECT and ASK answers in {@code mediaType} (JSON, XML, TSV or CSV). */
    HttpTarget askingFor(String mediaType) {
        return new HttpTarget(server, sparql, mediaType);
    }

    static HttpTarget start(QuadStore store) {
        QuarryServer server = new QuarryServer();
        int port = server.start(store, ServerOptions.builder().port(0).build());
        return new HttpTarget(server, URI.create("http://127.0.0.1:" + port + "/sparql"), RESULTS_JSON);
    }

    @Override
    public ResultSetRewindable select(Query query, Path file) {
        byte[] body = post(file, "application/sparql-query", results);
        return ResultSetMgr.read(new ByteArrayInputStream(body), lang()).rewindable();
    }

    @Override
    public boolean ask(Query query, Path file) {
        byte[] body = post(file, "application/sparql-query", results);
        return ResultSetMgr.readBoolean(new ByteArrayInputStream(body), lang());
    }

    /** The answer to a SELECT as the server's bytes (for formats compared as text: CSV). */
    String selectText(Path file) {
        return new String(post(file, "application/sparql-query", results), StandardCharsets.UTF_8);
    }

    private Lang lang() {
        return switch (results) {
            case "application/sparql-results+xml" -> ResultSetLang.RS_XML;
            case "text/tab-separated-values" -> ResultSetLang.RS_TSV;
            case "text/csv" -> ResultSetLang.RS_CSV;
            default -> ResultSetLang.RS_JSON;
        };
    }

    @Override
    public Graph graph(Query query, Path file) {
        byte[] body = post(file, "application/sparql-query", TURTLE);
        Graph g = GraphFactory.createDefaultGraph();
        RDFParser.source(new ByteArrayInputStream(body)).lang(Lang.TURTLE).parse(g);
        return g;
    }

    @Override
    public void update(UpdateRequest request, Path file) {
        post(file, "application/sparql-update", "*/*");
    }

    /** The response body of a 2xx answer; anything else fails with the server's message. */
    private byte[] post(Path file, String contentType, String accept) {
        HttpRequest request = HttpRequest.newBuilder(sparql)
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", contentType)
                .header("Accept", accept)
                .POST(HttpRequest.BodyPublishers.ofString(withBase(file), StandardCharsets.UTF_8))
                .build();
        HttpResponse<byte[]> response;
        try {
            response = HTTP.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the server", e);
        }
        if (response.statusCode() / 100 != 2) {
            throw new AssertionError("HTTP " + response.statusCode() + " for " + file.getFileName() + ": "
                    + new String(response.body(), StandardCharsets.UTF_8));
        }
        return response.body();
    }

    /** A later BASE in the file still wins, resolved against this one, as in the file's own parse. */
    private static String withBase(Path file) {
        try {
            return "BASE <" + file.toUri() + ">\n" + Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops the server (shared by every {@link #askingFor} view of it). */
    @Override
    public void close() {
        server.stop();
    }
}
