package dev.quarry.loader.input;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** A URL source whose server stalls, drops the connection, or cannot resume: timeouts, Range resume, clear failures. */
class UrlSourceResumeTest {
    private static final byte[] DATA = TestData.nquads(20_000, 31);
    private static final int STALL_AT = 35;
    /** Short timeouts so that the tests take well under a second each. */
    private static final HttpFetch FAST = HttpFetch.DEFAULT.withTimeouts(Duration.ofSeconds(5), Duration.ofMillis(300))
            .withRetries(2, Duration.ofMillis(10));

    private static byte[] readAll(String url, HttpFetch fetch) throws IOException {
        UrlSource source = new UrlSource(URI.create(url), fetch);
        try (FeedReader reader = source.open(new LongAdder(), null, ReadAhead.OFF)) {
            return reader.next().stream().readAllBytes();
        }
    }

    /** 206 with the rest of {@code body} from the Range header's start, or 200 with all of it. */
    private static void answerRange(ScriptedHttpServer.Request req, OutputStream out, byte[] body, boolean stallAfterHead)
            throws IOException {
        long from = Long.parseLong(req.header("Range").replaceAll("bytes=(\\d+)-", "$1"));
        ScriptedHttpServer.head(out, 206, "Content-Length", Long.toString(body.length - from),
                "Content-Range", "bytes " + from + "-" + (body.length - 1) + "/" + body.length);
        if (!stallAfterHead) {
            out.write(body, (int) from, body.length - (int) from);
        }
    }

    @Test
    void aStalledBodyTimesOutNamingTheUrlAndTheByteOffset() throws IOException {
        ScriptedHttpServer[] self = new ScriptedHttpServer[1];
        try (ScriptedHttpServer server = new ScriptedHttpServer((req, n, out) -> {
            if (req.header("Range") == null) {
                ScriptedHttpServer.head(out, 200, "Content-Length", Integer.toString(DATA.length));
                out.write(DATA, 0, STALL_AT);
            } else {
                answerRange(req, out, DATA, true);
            }
            out.flush();
            self[0].stall();
        })) {
            self[0] = server;
            String url = server.url("/dump.nq");
            IOException e = assertThrows(IOException.class, () -> readAll(url, FAST));
            assertEquals(url + ": no data for 0.3 s at byte " + STALL_AT + " of " + DATA.length + " (gave up after 2 retries)",
                    e.getMessage());
            assertEquals(List.of("bytes=35-", "bytes=35-"),
                    server.requests().stream().skip(1).map(r -> r.header("Range")).toList());
        }
    }

    @Test
    void aDroppedBodyIsResumedWithARangeRequestAndYieldsTheSameBytes() throws IOException {
        int half = DATA.length / 2;
        try (ScriptedHttpServer server = new ScriptedHttpServer((req, n, out) -> {
            if (req.header("Range") == null) {
                ScriptedHttpServer.head(out, 200, "Content-Length", Integer.toString(DATA.length), "ETag", "\"v1\"");
                out.write(DATA, 0, half); // then the connection closes
            } else {
                answerRange(req, out, DATA, false);
            }
        })) {
            assertArrayEquals(DATA, readAll(server.url("/dump.nq"), FAST));
            List<ScriptedHttpServer.Request> requests = server.requests();
            assertEquals(2, requests.size());
            assertTrue(requests.get(1).header("Range").matches("bytes=\\d+-"), requests.get(1).header("Range"));
            assertEquals("\"v1\"", requests.get(1).header("If-Range"), "a changed document must not be spliced");
        }
    }

    @Test
    void aCompressedBodyDroppedTwiceDecompressesToTheSameQuads() throws IOException {
        byte[] gz = TestData.compress(Compression.GZIP, DATA);
        int[] cuts = {gz.length / 3, 2 * gz.length / 3};
        try (ScriptedHttpServer server = new ScriptedHttpServer((req, n, out) -> {
            int from = req.header("Range") == null ? 0 : Integer.parseInt(req.header("Range").replaceAll("bytes=(\\d+)-", "$1"));
            int to = n < cuts.length ? cuts[n] : gz.length;
            if (from == 0) {
                ScriptedHttpServer.head(out, 200, "Content-Length", Integer.toString(gz.length));
            } else {
                ScriptedHttpServer.head(out, 206, "Content-Length", Integer.toString(gz.length - from),
                        "Content-Range", "bytes " + from + "-" + (gz.length - 1) + "/" + gz.length);
            }
            out.write(gz, from, to - from);
        })) {
            assertArrayEquals(DATA, readAll(server.url("/dump.nq.gz"), FAST));
            assertEquals(3, server.requests().size());
        }
    }

    @Test
    void aServerWithoutRangeSupportFailsWithOneClearLine() throws IOException {
        int half = DATA.length / 2;
        try (ScriptedHttpServer server = new ScriptedHttpServer((req, n, out) -> {
            ScriptedHttpServer.head(out, 200, "Content-Length", Integer.toString(DATA.length));
            out.write(DATA, 0, n == 0 ? half : DATA.length); // a Range request gets the whole document again
        })) {
            String url = server.url("/dump.nq");
            IOException e = assertThrows(IOException.class, () -> readAll(url, FAST));
            String m = e.getMessage();
            // The client may drop what it had buffered when the connection broke: the offset is what was delivered.
            String at = server.requests().get(1).header("Range").replaceAll("bytes=(\\d+)-", "$1");
            assertTrue(Long.parseLong(at) > 0 && Long.parseLong(at) <= half, at);
            assertTrue(m.matches(Pattern.quote(url) + ": connection lost \\([^)]*\\) at byte " + at + " of " + DATA.length
                    + ", and the server cannot resume it: it answered HTTP 200 to a Range request for bytes " + at
                    + "- \\(no Range support, or the document changed\\)"), m);
            assertFalse(m.contains("\n"), m);
            assertEquals(2, server.requests().size(), "a server that cannot resume is not asked again");
        }
    }

    @Test
    void aWrongContentRangeIsRefused() throws IOException {
        int half = DATA.length / 2;
        try (ScriptedHttpServer server = new ScriptedHttpServer((req, n, out) -> {
            if (n == 0) {
                ScriptedHttpServer.head(out, 200, "Content-Length", Integer.toString(DATA.length));
                out.write(DATA, 0, half);
            } else { // resumes from the start instead of where it was asked to
                ScriptedHttpServer.head(out, 206, "Content-Range", "bytes 0-" + (DATA.length - 1) + "/" + DATA.length);
                out.write(DATA);
            }
        })) {
            IOException e = assertThrows(IOException.class, () -> readAll(server.url("/dump.nq"), FAST));
            String at = server.requests().get(1).header("Range").replaceAll("bytes=(\\d+)-", "$1");
            assertTrue(e.getMessage().endsWith("answered a Range request for bytes " + at + "- with Content-Range bytes 0-"
                    + (DATA.length - 1) + "/" + DATA.length), e.getMessage());
        }
    }

    @Test
    void requestsCarryTheQuarryUserAgent() throws IOException {
        try (ScriptedHttpServer server = new ScriptedHttpServer((req, n, out) -> {
            ScriptedHttpServer.head(out, 200, "Content-Length", Integer.toString(DATA.length));
            out.write(DATA);
        })) {
            assertArrayEquals(DATA, readAll(server.url("/dump.nq"), FAST));
            String agent = server.requests().getFirst().header("User-Agent");
            assertTrue(agent.startsWith("quarry/") && agent.equals(UrlSource.USER_AGENT), agent);
        }
    }

    @Test
    void theGuardSeesEveryRedirect() throws IOException {
        try (ScriptedHttpServer server = new ScriptedHttpServer((req, n, out) -> {
            if (req.path().equals("/a.nq")) {
                ScriptedHttpServer.head(out, 302, "Location", "/private/b.nq", "Content-Length", "0");
            } else {
                ScriptedHttpServer.head(out, 200, "Content-Length", Integer.toString(DATA.length));
                out.write(DATA);
            }
        })) {
            HttpFetch guarded = FAST.withGuard(uri -> {
                if (uri.getPath().startsWith("/private/")) {
                    throw new IOException("refused: " + uri);
                }
            });
            IOException e = assertThrows(IOException.class, () -> readAll(server.url("/a.nq"), guarded));
            assertEquals(server.url("/a.nq") + ": cannot fetch (refused: " + server.url("/private/b.nq") + ")", e.getMessage());
            assertEquals(List.of("/a.nq"), server.requests().stream().map(ScriptedHttpServer.Request::path).toList());
            // Unguarded, the redirect is followed.
            assertTrue(Arrays.equals(DATA, readAll(server.url("/a.nq"), FAST)));
        }
    }
}
