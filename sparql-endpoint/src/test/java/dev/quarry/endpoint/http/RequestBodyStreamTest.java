package dev.quarry.endpoint.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The body stream's flow control: a socket paused because the reader lagged is always resumed. */
class RequestBodyStreamTest {
    private static final int MIB = 1 << 20;

    @Test
    void aPauseIsResumedEvenWhenALaterChunkArrivesBelowTheHighWater() throws Exception {
        // Found under four concurrent chunked uploads: one stalled until the client timeout
        // ("client sent nothing for 60000 ms", a 500). The event loop paused the socket on a
        // chunk over the high water; a chunk still in the pipeline arrived after the reader had
        // drained some, below the high water, and cleared the pause flag, so the reader never
        // called resume and the socket stayed paused.
        AtomicInteger resumes = new AtomicInteger();
        RequestBodyStream s = new RequestBodyStream(1_000, resumes::incrementAndGet);
        assertTrue(s.offer(Unpooled.wrappedBuffer(new byte[RequestBodyStream.HIGH_WATER + MIB / 10])), "over the high water: pause");
        byte[] buf = new byte[64 * 1024];
        int read = 0;
        while (read < 3 * MIB / 10) {
            read += s.read(buf, 0, buf.length);
        }
        assertEquals(0, resumes.get()); // still above half the high water
        s.offer(Unpooled.wrappedBuffer(new byte[MIB / 10])); // in flight when the socket paused
        s.end();
        while (s.read(buf, 0, buf.length) >= 0) {
            // drain
        }
        assertEquals(1, resumes.get(), "the paused socket must be resumed once the reader has drained");
    }
}
