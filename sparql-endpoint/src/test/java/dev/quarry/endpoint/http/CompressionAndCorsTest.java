package dev.quarry.endpoint.http;

import dev.quarry.endpoint.server.ServerOptions;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdInputStream;
import dev.quarry.endpoint.ServerFixture;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Response compression as negotiated by Accept-Encoding (zstd, gzip, none below the threshold
 * or without the header or when off), and CORS: preflights answered, reads open to any origin,
 * writes from other origins still refused.
 */
class CompressionAndCorsTest {
    private static final String ALL = "SELECT * { ?s ?p ?o } ORDER BY ?s";

    @TempDir
    Path dir;

    private static HttpResponse<byte[]> get(ServerFixture f, String pathAndQuery, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(f.uri(pathAndQuery)).timeout(Duration.ofSeconds(30));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return f.http.send(b.GET().build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static HttpResponse<byte[]> query(ServerFixture f, String sparql, String... headers) throws Exception {
        return get(f, "/sparql?query=" + ServerFixture.enc(sparql), headers);
    }

    private static Optional<String> encoding(HttpResponse<?> r) {
        return r.headers().firstValue("Content-Encoding");
    }

    private static byte[] decode(InputStream in) throws IOException {
        try (in) {
            return in.readAllBytes();
        }
    }

    @Test
    void gzipAndZstdAreNegotiatedAndDecodeToTheSameBody() throws Exception {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options())) {
            f.fill(100); // ~4 KB of CSV: above the threshold, under the 16 KiB of a streamed response
            byte[] plain = query(f, ALL, "Accept", "text/csv").body();
            assertTrue(plain.length > ServerOptions.DEFAULT_COMPRESSION_MIN_BYTES && plain.length < 16 * 1024, "" + plain.length);

            HttpResponse<byte[]> gz = query(f, ALL, "Accept", "text/csv", "Accept-Encoding", "gzip");
            assertEquals(Optional.of("gzip"), encoding(gz));
            assertTrue(gz.headers().allValues("Vary").contains("Accept-Encoding"), gz.headers().toString());
            assertTrue(gz.body().length < plain.length);
            assertArrayEquals(plain, decode(new GZIPInputStream(new ByteArrayInputStream(gz.body()))));

            HttpResponse<byte[]> zstd = query(f, ALL, "Accept", "text/csv", "Accept-Encoding", "gzip, deflate, zstd");
            assertEquals(Optional.of("zstd"), encoding(zstd), "zstd is preferred at an equal q");
            assertArrayEquals(plain, decode(new ZstdInputStream(new ByteArrayInputStream(zstd.body()))));

            HttpResponse<byte[]> gzFirst = query(f, ALL, "Accept", "text/csv", "Accept-Encoding", "gzip;q=1.0, zstd;q=0.5");
            assertEquals(Optional.of("gzip"), encoding(gzFirst), "the higher q wins");
            HttpResponse<byte[]> noZstd = query(f, ALL, "Accept", "text/csv", "Accept-Encoding", "zstd;q=0, gzip");
            assertEquals(Optional.of("gzip"), encoding(noZstd), "q=0 is a refusal");
        }
    }

    @Test
    void theCodingIsChosenByQValue() {
        assertEquals("zstd", ContentCompressor.choose("gzip, deflate, br, zstd"));
        assertEquals("gzip", ContentCompressor.choose("gzip"));
        assertEquals("gzip", ContentCompressor.choose("zstd;q=0.5, gzip;q=0.8"));
        assertEquals("gzip", ContentCompressor.choose("zstd;q=0, *"));
        assertEquals("zstd", ContentCompressor.choose("*"));
        assertEquals("zstd", ContentCompressor.choose("ZSTD ; Q=1"));
        assertEquals(null, ContentCompressor.choose("identity"));
        assertEquals(null, ContentCompressor.choose("br, deflate"));
        assertEquals(null, ContentCompressor.choose("gzip;q=0, zstd;q=0"));
        assertEquals(null, ContentCompressor.choose("*;q=0"));
        assertEquals(null, ContentCompressor.choose(""));
        assertEquals(null, ContentCompressor.choose(null));
    }

    @Test
    void aStreamedResponseIsCompressedAsItGoes() throws Exception {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options())) {
            f.fill(3000); // > 16 KiB: sent chunked
            byte[] plain = query(f, ALL, "Accept", "text/csv").body();
            assertTrue(plain.length > 64 * 1024, "" + plain.length);
            HttpResponse<byte[]> gz = query(f, ALL, "Accept", "text/csv", "Accept-Encoding", "gzip");
            assertEquals(Optional.of("gzip"), encoding(gz));
            assertArrayEquals(plain, decode(new GZIPInputStream(new ByteArrayInputStream(gz.body()))));
        }
    }

    @Test
    void smallResponsesAndClientsWithoutAcceptEncodingGetThePlainBody() throws Exception {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options())) {
            f.fill(100);
            HttpResponse<byte[]> small = query(f, "ASK { ?s ?p ?o }", "Accept-Encoding", "gzip, zstd");
            assertTrue(small.body().length < ServerOptions.DEFAULT_COMPRESSION_MIN_BYTES);
            assertEquals(Optional.empty(), encoding(small), "below the threshold");
            HttpResponse<byte[]> none = query(f, ALL, "Accept", "text/csv");
            assertEquals(Optional.empty(), encoding(none), "no Accept-Encoding");
            HttpResponse<byte[]> identity = query(f, ALL, "Accept", "text/csv", "Accept-Encoding", "identity");
            assertEquals(Optional.empty(), encoding(identity));
            assertArrayEquals(none.body(), identity.body());
        }
    }

    @Test
    void compressionOffSendsEverythingPlain() throws Exception {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options().compressionMinBytes(-1))) {
            f.fill(3000);
            HttpResponse<byte[]> r = query(f, ALL, "Accept", "text/csv", "Accept-Encoding", "gzip, zstd");
            assertEquals(200, r.statusCode());
            assertEquals(Optional.empty(), encoding(r));
            assertFalse(r.headers().allValues("Vary").contains("Accept-Encoding"));
        }
    }

    @Test
    void theUisGzippedFilesAreNotCompressedTwice() throws Exception {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options())) {
            HttpResponse<byte[]> plain = get(f, "/");
            HttpResponse<byte[]> gz = get(f, "/", "Accept-Encoding", "gzip");
            assertEquals(200, gz.statusCode());
            assertEquals(Optional.of("gzip"), encoding(gz));
            assertArrayEquals(plain.body(), decode(new GZIPInputStream(new ByteArrayInputStream(gz.body()))), "gzipped once");
            assertEquals(1, gz.headers().allValues("Vary").size(), gz.headers().toString());
        }
    }

    @Test
    void withCorsAPreflightIsAnsweredAndAnyOriginMayRead() throws Exception {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options().cors(true))) {
            HttpResponse<String> pre = f.send(HttpRequest.newBuilder(f.uri("/sparql"))
                    .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                    .header("Origin", "https://app.example")
                    .header("Access-Control-Request-Method", "POST")
                    .header("Access-Control-Request-Headers", "content-type, accept").build());
            assertEquals(200, pre.statusCode(), pre.toString());
            assertEquals("*", pre.headers().firstValue("Access-Control-Allow-Origin").orElse(""));
            assertTrue(pre.headers().firstValue("Access-Control-Allow-Methods").orElse("").contains("POST"), pre.headers().toString());
            assertTrue(pre.headers().firstValue("Access-Control-Allow-Headers").orElse("").toLowerCase().contains("content-type"));

            HttpResponse<String> read = f.post("/sparql", "application/sparql-query", "ASK {}", "Origin", "https://app.example");
            assertEquals(200, read.statusCode());
            assertEquals("*", read.headers().firstValue("Access-Control-Allow-Origin").orElse(""));
            assertTrue(read.headers().allValues("Access-Control-Expose-Headers").contains("X-Request-Id"), read.headers().toString());

            HttpResponse<String> write = f.update("INSERT DATA { <urn:ex:a> <urn:ex:b> 1 }", "Origin", "https://app.example");
            assertEquals(403, write.statusCode(), "writes are never cross-origin unless --allow-write-origin names it");
            assertEquals(0, f.store.stats().quads());
        }
    }

    @Test
    void withCorsAWriteOriginNamedByTheOperatorMayWrite() throws Exception {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options().cors(true)
                .writeOrigins(java.util.List.of("https://app.example")))) {
            assertEquals(204, f.update("INSERT DATA { <urn:ex:a> <urn:ex:b> 1 }", "Origin", "https://app.example").statusCode());
            assertEquals(403, f.update("INSERT DATA { <urn:ex:a> <urn:ex:b> 2 }", "Origin", "https://other.example").statusCode());
            assertEquals(1, f.store.stats().quads());
        }
    }

    @Test
    void withoutCorsNoOriginIsGrantedAnything() throws Exception {
        try (ServerFixture f = new ServerFixture(dir, ServerFixture.options())) {
            HttpResponse<String> pre = f.send(HttpRequest.newBuilder(f.uri("/sparql"))
                    .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                    .header("Origin", "https://app.example")
                    .header("Access-Control-Request-Method", "POST").build());
            assertTrue(pre.headers().firstValue("Access-Control-Allow-Origin").isEmpty(), pre.headers().toString());
            HttpResponse<String> read = f.query("ASK {}", null);
            assertTrue(read.headers().firstValue("Access-Control-Allow-Origin").isEmpty());
        }
    }
}
