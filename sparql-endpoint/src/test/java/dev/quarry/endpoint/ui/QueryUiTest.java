package dev.quarry.endpoint.ui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.endpoint.ServerFixture;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The UI's files over HTTP: content types, caching, conditional and compressed responses, nothing from elsewhere. */
class QueryUiTest {
    @TempDir
    Path dir;
    ServerFixture f;

    @BeforeEach
    void start() {
        f = new ServerFixture(dir, ServerFixture.options());
    }

    @AfterEach
    void stop() {
        f.close();
    }

    private HttpResponse<byte[]> get(String path, String... headers) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(f.uri(path));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return f.http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private String assetPath(String page, String file) {
        Matcher m = Pattern.compile("\"(ui/yasgui-[0-9.]+/" + Pattern.quote(file) + ")\"").matcher(page);
        assertTrue(m.find(), file + " not referenced by the page");
        return "/" + m.group(1);
    }

    @Test
    void pageIsHtmlPointingTheEditorAtThisServerWithRelativeUrlsOnly() throws Exception {
        HttpResponse<String> page = f.get("/", null);
        assertEquals(200, page.statusCode());
        assertEquals("text/html; charset=utf-8", page.headers().firstValue("Content-Type").orElse(""));
        assertEquals("no-cache", page.headers().firstValue("Cache-Control").orElse(""));
        assertTrue(page.headers().firstValue("ETag").isPresent());
        String html = page.body();
        assertTrue(html.contains("new URL(\"sparql\", document.baseURI)"), html);
        assertFalse(Pattern.compile("(src|href)=\"(https?:)?//").matcher(html).find(), "page loads something from elsewhere");
        assertEquals(200, f.get("/?query=" + ServerFixture.enc("ASK {}"), null).statusCode());
    }

    @Test
    void editorFilesHaveTheirTypesAndAreCachedForGood() throws Exception {
        String html = f.get("/", null).body();
        HttpResponse<byte[]> js = get(assetPath(html, "yasgui.min.js"));
        assertEquals(200, js.statusCode());
        assertEquals("text/javascript; charset=utf-8", js.headers().firstValue("Content-Type").orElse(""));
        assertEquals("public, max-age=31536000, immutable", js.headers().firstValue("Cache-Control").orElse(""));
        assertEquals("nosniff", js.headers().firstValue("X-Content-Type-Options").orElse(""));
        assertTrue(js.body().length > 100_000, "editor bundle is only " + js.body().length + " bytes");
        HttpResponse<byte[]> css = get(assetPath(html, "yasgui.min.css"));
        assertEquals("text/css; charset=utf-8", css.headers().firstValue("Content-Type").orElse(""));
        HttpResponse<byte[]> licenses = get(assetPath(html, "THIRD-PARTY-LICENSES.txt"));
        assertEquals(200, licenses.statusCode());
        assertTrue(new String(licenses.body(), java.nio.charset.StandardCharsets.UTF_8).contains("MIT"));
    }

    @Test
    void sameEtagAnswers304() throws Exception {
        for (String path : new String[] {"/", assetPath(f.get("/", null).body(), "yasgui.min.css")}) {
            HttpResponse<byte[]> first = get(path);
            String etag = first.headers().firstValue("ETag").orElseThrow();
            HttpResponse<byte[]> again = get(path, "If-None-Match", "\"other\", " + etag);
            assertEquals(304, again.statusCode(), path);
            assertEquals(0, again.body().length);
            assertEquals(etag, again.headers().firstValue("ETag").orElse(""));
            assertEquals(200, get(path, "If-None-Match", "\"other\"").statusCode());
        }
    }

    @Test
    void gzipWhenAcceptedAndTheSameBytesOnceInflated() throws Exception {
        String js = assetPath(f.get("/", null).body(), "yasgui.min.js");
        HttpResponse<byte[]> plain = get(js);
        assertFalse(plain.headers().firstValue("Content-Encoding").isPresent());
        HttpResponse<byte[]> gz = get(js, "Accept-Encoding", "br, gzip");
        assertEquals("gzip", gz.headers().firstValue("Content-Encoding").orElse(""));
        assertEquals("Accept-Encoding", gz.headers().firstValue("Vary").orElse(""));
        assertTrue(gz.body().length < plain.body().length / 2);
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gz.body()))) {
            assertArrayEquals(plain.body(), in.readAllBytes());
        }
        assertFalse(get(js, "Accept-Encoding", "gzip;q=0").headers().firstValue("Content-Encoding").isPresent());
    }

    @Test
    void headHasTheLengthAndNoBody() throws Exception {
        String css = assetPath(f.get("/", null).body(), "yasgui.min.css");
        int length = get(css).body().length;
        HttpResponse<byte[]> head = f.http.send(HttpRequest.newBuilder(f.uri(css))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, head.statusCode());
        assertEquals(String.valueOf(length), head.headers().firstValue("Content-Length").orElse(""));
        assertEquals(0, head.body().length);
    }

    @Test
    void onlyTheListedFilesAreServed() {
        assertEquals(404, f.get("/ui/", null).statusCode());
        assertEquals(404, f.get("/ui/yasgui-0/yasgui.min.js", null).statusCode());
        assertEquals(400, f.get("/ui/../pom.xml", null).statusCode()); // a dot segment is refused before routing
        assertEquals(404, f.get("/index.html", null).statusCode());
        assertEquals(405, f.post("/", "text/plain", "x").statusCode());
    }

    @Test
    void conditionalAndEncodingHeadersAreParsed() {
        assertTrue(QueryUi.matches("*", "\"a\""));
        assertTrue(QueryUi.matches("W/\"a\"", "\"a\""));
        assertFalse(QueryUi.matches("\"b\"", "\"a\""));
        assertTrue(QueryUi.acceptsGzip("deflate, GZIP;q=0.5"));
        assertFalse(QueryUi.acceptsGzip("gzip; q=0.0"));
        assertFalse(QueryUi.acceptsGzip("identity"));
    }
}
