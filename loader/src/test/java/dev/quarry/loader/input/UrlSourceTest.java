package dev.quarry.loader.input;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class UrlSourceTest {
    private static final byte[] DATA = TestData.nquads(20_000, 21);

    private HttpServer server;
    private String base;
    private byte[] gzipped;

    @BeforeEach
    void start() throws IOException {
        gzipped = TestData.compressMembers(Compression.GZIP, TestData.nquads(10_000, 22), TestData.nquads(10_000, 23));
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/data/dump.nq.gz", ex -> reply(ex, 200, gzipped, true, null));
        server.createContext("/chunked/dump.nq", ex -> reply(ex, 200, DATA, false, null));
        server.createContext("/typed/export", ex -> reply(ex, 200, DATA, true, "application/n-quads; charset=utf-8"));
        server.createContext("/missing.nq", ex -> reply(ex, 404, new byte[0], true, null));
        server.start();
        base = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private static void reply(HttpExchange ex, int status, byte[] body, boolean withLength, String type)
            throws IOException {
        if (type != null) {
            ex.getResponseHeaders().add("Content-Type", type);
        }
        boolean head = ex.getRequestMethod().equals("HEAD");
        // Length -1: no body; 0: chunked (no Content-Length).
        ex.sendResponseHeaders(status, head || body.length == 0 ? -1 : withLength ? body.length : 0);
        if (head && withLength && status == 200) {
            // sendResponseHeaders(-1) sends no length; HEAD answers only what the server says.
            return;
        }
        try (OutputStream out = ex.getResponseBody()) {
            if (!head) {
                out.write(body);
            }
        }
    }

    @Test
    void gzipUrlStreamsAllMembersAndReportsItsLength() throws IOException {
        List<Source> sources = Sources.expand(List.of(base + "/data/dump.nq.gz"));
        UrlSource source = assertInstanceOf(UrlSource.class, sources.get(0));
        LongAdder raw = new LongAdder();
        try (FeedReader reader = source.open(raw, null)) {
            Feed feed = reader.next();
            assertEquals(RdfFormat.NQUADS, feed.format());
            assertArrayEquals(CompressionTest.concat(TestData.nquads(10_000, 22), TestData.nquads(10_000, 23)),
                    feed.stream().readAllBytes());
        }
        assertEquals(gzipped.length, source.size());
        assertEquals(gzipped.length, raw.sum());
    }

    @Test
    void chunkedResponseHasUnknownSize() throws IOException {
        UrlSource source = new UrlSource(java.net.URI.create(base + "/chunked/dump.nq"));
        List<byte[]> contents = new ArrayList<>();
        TestData.readAll(source, null, ReadAhead.ON, contents);
        assertArrayEquals(DATA, contents.get(0));
        assertEquals(-1, source.size());
    }

    @Test
    void contentTypeTellsTheFormatWhenThePathDoesNot() throws IOException {
        UrlSource source = new UrlSource(java.net.URI.create(base + "/typed/export"));
        try (FeedReader reader = source.open(new LongAdder(), null)) {
            assertEquals(RdfFormat.NQUADS, reader.next().format());
        }
    }

    @Test
    void httpErrorStatusIsOneClearLine() {
        UrlSource source = new UrlSource(java.net.URI.create(base + "/missing.nq"));
        IOException e = assertThrows(IOException.class, () -> source.open(new LongAdder(), null));
        assertEquals(base + "/missing.nq: HTTP status 404", e.getMessage());
        assertEquals(-1, source.size());
    }

    @Test
    void unreachableServerIsOneClearLine() {
        server.stop(0);
        UrlSource source = new UrlSource(java.net.URI.create(base + "/data/dump.nq.gz"));
        IOException e = assertThrows(IOException.class, () -> source.open(new LongAdder(), null));
        assertEquals(true, e.getMessage().startsWith(base + "/data/dump.nq.gz: cannot fetch ("), e.getMessage());
    }
}
