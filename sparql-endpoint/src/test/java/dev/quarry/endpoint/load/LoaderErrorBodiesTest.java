package dev.quarry.endpoint.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.endpoint.ServerFixture;
import dev.quarry.endpoint.http.ErrorBody;
import dev.quarry.endpoint.source.SourcePolicy;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.jena.atlas.json.JSON;
import org.apache.jena.atlas.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every error under /loader, also those the server decides before the loader runs
 * (read-only, bearer token, unknown path or method, size limit), answers Neptune's JSON
 * error body with the status; other paths keep their plain-text errors.
 */
class LoaderErrorBodiesTest {
    @TempDir
    Path tmp;
    Path data;
    String source;

    @BeforeEach
    void setUp() throws Exception {
        data = Files.createDirectories(tmp.resolve("data"));
        Files.writeString(data.resolve("one.nt"), "<urn:ex:a> <urn:ex:p> \"1\" .\n");
        source = "{\"source\":\"" + data.resolve("one.nt") + "\"}";
    }

    private ServerFixture server(dev.quarry.endpoint.server.ServerOptions.Builder options) {
        return new ServerFixture(tmp.resolve("store"), options.sources(new SourcePolicy(List.of(data), false)));
    }

    static JsonObject neptuneError(HttpResponse<String> r, int status, String code) {
        assertEquals(status, r.statusCode(), r.body());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/json"), r.headers().toString());
        JsonObject o = JSON.parse(r.body());
        assertEquals(code, o.getString("code"), r.body());
        assertTrue(o.hasKey("requestId") && !o.getString("detailedMessage").isBlank(), r.body());
        return o;
    }

    private static HttpResponse<String> delete(ServerFixture f, String path, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(f.uri(path)).DELETE();
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return f.send(b.build());
    }

    @Test
    void readOnlyRefusalsAreAccessDenied() {
        try (ServerFixture f = server(ServerFixture.options().readOnly(true))) {
            JsonObject o = neptuneError(f.post("/loader", "application/json", source), 403, "AccessDeniedException");
            assertTrue(o.getString("detailedMessage").contains("read-only"), o.toString());
            neptuneError(delete(f, "/loader/some-id"), 403, "AccessDeniedException");
            assertEquals(200, f.get("/loader", null).statusCode()); // reading the job list stays open
        }
    }

    @Test
    void bearerTokenRefusalsKeepWwwAuthenticate() {
        try (ServerFixture f = server(ServerFixture.options().authToken("s3cret"))) {
            HttpResponse<String> none = f.post("/loader", "application/json", source);
            neptuneError(none, 401, "AccessDeniedException");
            assertTrue(none.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Bearer"), none.headers().toString());
            HttpResponse<String> wrong = f.post("/loader", "application/json", source, "Authorization", "Bearer nope");
            neptuneError(wrong, 401, "AccessDeniedException");
            assertTrue(wrong.headers().firstValue("WWW-Authenticate").orElse("").contains("invalid_token"), wrong.headers().toString());
            neptuneError(delete(f, "/loader/some-id"), 401, "AccessDeniedException");
            HttpResponse<String> ok = f.post("/loader", "application/json", source, "Authorization", "Bearer s3cret");
            assertEquals(200, ok.statusCode(), ok.body());
            // with the token, the loader's own errors come through
            neptuneError(delete(f, "/loader/no-such-id", "Authorization", "Bearer s3cret"), 404, "BulkLoadIdNotFoundException");
        }
    }

    @Test
    void routingAndSizeRefusalsUnderLoaderAreNeptuneErrors() {
        try (ServerFixture f = server(ServerFixture.options().maxRequestBytes(64))) {
            HttpResponse<String> put = f.send(HttpRequest.newBuilder(f.uri("/loader"))
                    .PUT(HttpRequest.BodyPublishers.ofString(source)).build());
            neptuneError(put, 405, "MethodNotAllowedException");
            assertTrue(put.headers().firstValue("Allow").orElse("").contains("POST"), put.headers().toString());
            neptuneError(f.get("/loader/a/b", null), 404, "BulkLoadIdNotFoundException");
            neptuneError(f.get("/loader/no-such-id", null), 404, "BulkLoadIdNotFoundException");
            neptuneError(f.post("/loader", "application/json", "{\"source\":\"" + "x".repeat(100) + "\"}"),
                    413, "BadRequestException");
            neptuneError(f.post("/loader", "application/json", "{\"source\":\"file:///etc/passwd\"}"),
                    400, "BadRequestException");
            // Other APIs keep their one line of text.
            HttpResponse<String> other = f.send(HttpRequest.newBuilder(f.uri("/loaderx")).GET().build());
            assertEquals(404, other.statusCode());
            assertTrue(other.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"), other.headers().toString());
        }
    }

    @Test
    void statusesMapToNeptunesCodes() {
        assertEquals("InternalFailureException", NeptuneErrors.codeFor(HttpResponseStatus.INTERNAL_SERVER_ERROR));
        assertEquals("TooManyRequestsException", NeptuneErrors.codeFor(HttpResponseStatus.TOO_MANY_REQUESTS));
        assertEquals("ServerShutdownException", NeptuneErrors.codeFor(HttpResponseStatus.SERVICE_UNAVAILABLE));
        ErrorBody.Content c = NeptuneErrors.INSTANCE.render(HttpResponseStatus.INTERNAL_SERVER_ERROR, "internal error: boom");
        assertEquals("application/json", c.contentType());
        JsonObject o = JSON.parse(new String(c.bytes(), StandardCharsets.UTF_8));
        assertEquals("InternalFailureException", o.getString("code"));
        assertEquals("internal error: boom", o.getString("detailedMessage"));
    }
}
