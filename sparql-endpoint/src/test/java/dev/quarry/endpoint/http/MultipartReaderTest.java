package dev.quarry.endpoint.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The multipart reader finds every part, whatever the chunking of the bytes and the part sizes. */
class MultipartReaderTest {
    /** Hands out at most {@code n} bytes per read, as a slow network would. */
    static InputStream trickle(String s, int n) {
        return new FilterInputStream(new ByteArrayInputStream(s.getBytes(StandardCharsets.ISO_8859_1))) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return super.read(b, off, Math.min(n, len));
            }
        };
    }

    @Test
    void partsWithNearBoundariesAndLargeContentAtAnyChunking() throws IOException {
        String big = "0123456789\r\n--bounda\r\n-".repeat(10_000); // 240 kB, full of almost-boundaries
        String body = "preamble\r\n--boundary  \r\nContent-Type: text/turtle\r\n"
                + "Content-Disposition: form-data; name=\"a\"; filename=\"a b.ttl\"\r\n\r\n" + big
                + "\r\n--boundary\r\n\r\n\r\n--boundary--\r\nepilogue";
        for (int chunk : new int[] {1, 7, 100_000}) {
            MultipartReader r = new MultipartReader(trickle(body, chunk), "boundary");
            MultipartReader.Part a = r.next();
            assertEquals("text/turtle", a.contentType());
            assertEquals("a b.ttl", a.filename());
            assertEquals(big, new String(a.content().readAllBytes(), StandardCharsets.ISO_8859_1));
            MultipartReader.Part empty = r.next();
            assertNull(empty.contentType());
            assertEquals("", new String(empty.content().readAllBytes(), StandardCharsets.ISO_8859_1));
            assertNull(r.next());
        }
    }

    @Test
    void unreadPartsAreSkipped() throws IOException {
        String body = "--b\r\nX-N: 1\r\n\r\none\r\n--b\r\nX-N: 2\r\n\r\ntwo\r\n--b--";
        MultipartReader r = new MultipartReader(trickle(body, 3), "b");
        assertEquals("1", r.next().headers().get("x-n"));
        MultipartReader.Part two = r.next();
        assertEquals("2", two.headers().get("x-n"));
        assertEquals("two", new String(two.content().readAllBytes(), StandardCharsets.ISO_8859_1));
        assertNull(r.next());
    }

    @Test
    void malformedBodiesFail() {
        assertThrows(IOException.class, () -> new MultipartReader(trickle("no boundary here", 5), "b").next());
        assertThrows(IOException.class, () -> new MultipartReader(trickle("--b\r\nbad header\r\n\r\nx", 5), "b").next());
        assertThrows(IOException.class, () -> new MultipartReader(trickle("--b\r\n\r\nnever closed", 5), "b").next()
                .content().readAllBytes());
    }

    @Test
    void boundaryParameter() {
        assertEquals("abc", MultipartReader.boundary("multipart/form-data; boundary=abc"));
        assertEquals("a b", MultipartReader.boundary("multipart/form-data; charset=x; BOUNDARY=\"a b\""));
        assertNull(MultipartReader.boundary("multipart/form-data"));
    }
}
