package dev.quarry.loader.input;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ReadAheadInputStreamTest {
    /** Endless bytes that remember whether they were closed and how much was read. */
    private static final class Endless extends InputStream {
        final AtomicBoolean closed = new AtomicBoolean();
        final AtomicLong read = new AtomicLong();

        @Override
        public int read() {
            read.incrementAndGet();
            return 'x';
        }

        @Override
        public int read(byte[] b, int off, int len) {
            java.util.Arrays.fill(b, off, off + len, (byte) 'x');
            read.addAndGet(len);
            return len;
        }

        @Override
        public void close() {
            closed.set(true);
        }
    }

    @Test
    void deliversEveryByteInOrderWhateverTheReadSizes() throws IOException {
        byte[] data = new byte[300_007];
        Random r = new Random(31);
        r.nextBytes(data);
        for (int bufferSize : new int[] {1, 7, 4096, 1 << 20}) {
            try (InputStream in = new ReadAheadInputStream(new ByteArrayInputStream(data), "t", bufferSize, 3)) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                byte[] buf = new byte[10_000];
                while (true) {
                    int single = in.read();
                    if (single < 0) {
                        break;
                    }
                    out.write(single);
                    int n = in.read(buf, 0, 1 + r.nextInt(buf.length));
                    if (n < 0) {
                        break;
                    }
                    out.write(buf, 0, n);
                }
                assertArrayEquals(data, out.toByteArray(), "buffer size " + bufferSize);
                assertEquals(-1, in.read(), "stays at the end");
            }
        }
    }

    @Test
    void emptySourceEndsAtOnce() throws IOException {
        try (InputStream in = new ReadAheadInputStream(new ByteArrayInputStream(new byte[0]), "empty")) {
            assertEquals(-1, in.read(new byte[10], 0, 10));
        }
    }

    @Test
    void anErrorOnTheReaderThreadSurfacesOnRead() throws IOException {
        InputStream failing = new InputStream() {
            int left = 5000;

            @Override
            public int read() throws IOException {
                if (left-- <= 0) {
                    throw new IOException("x.nq.gz: corrupt gzip data (invalid block type)");
                }
                return 'a';
            }
        };
        try (InputStream in = new ReadAheadInputStream(failing, "x", 1024, 2)) {
            byte[] got = new byte[5000];
            assertEquals(5000, in.readNBytes(got, 0, 5000), "bytes before the error are delivered");
            IOException e = assertThrows(IOException.class, in::read);
            assertEquals("x.nq.gz: corrupt gzip data (invalid block type)", e.getMessage());
        }
    }

    @Test
    void runtimeErrorsSurfaceAsIOExceptions() {
        InputStream failing = new InputStream() {
            @Override
            public int read() {
                throw new IllegalStateException("broken decoder");
            }
        };
        IOException e = assertThrows(IOException.class, () -> {
            try (InputStream in = new ReadAheadInputStream(failing, "x")) {
                in.read();
            }
        });
        assertEquals("broken decoder", e.getMessage());
    }

    @Test
    void closingStopsTheReaderAndClosesTheSource() throws Exception {
        Endless source = new Endless();
        ReadAheadInputStream in = new ReadAheadInputStream(source, "endless", 4096, 2);
        assertEquals('x', in.read());
        in.close();
        assertTrue(source.closed.get(), "the reader closed its source when it stopped");
        long readAtClose = source.read.get();
        Thread.sleep(50);
        assertEquals(readAtClose, source.read.get(), "nothing is read after close");
        assertThrows(IOException.class, in::read);
        in.close(); // twice is fine
    }

    @Test
    void closingFromAnotherThreadWakesABlockedConsumer() throws Exception {
        java.util.concurrent.CountDownLatch never = new java.util.concurrent.CountDownLatch(1);
        InputStream stalled = new InputStream() {
            boolean first = true;

            @Override
            public int read() throws IOException {
                if (first) {
                    first = false;
                    return 'a';
                }
                try {
                    never.await(200, java.util.concurrent.TimeUnit.MILLISECONDS); // a slow network read
                } catch (InterruptedException e) {
                    throw new java.io.InterruptedIOException();
                }
                return -1;
            }
        };
        ReadAheadInputStream in = new ReadAheadInputStream(stalled, "stalled", 4096, 2);
        java.util.concurrent.CompletableFuture<Throwable> consumer = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                in.readAllBytes();
                return null;
            } catch (IOException e) {
                return e;
            }
        });
        Thread.sleep(20);
        in.close();
        Throwable t = consumer.get(10, java.util.concurrent.TimeUnit.SECONDS);
        assertTrue(t == null || t.getMessage().equals("stream closed"), String.valueOf(t));
    }

    @Test
    void theReaderStaysBoundedAheadOfASlowConsumer() throws Exception {
        Endless source = new Endless();
        try (ReadAheadInputStream in = new ReadAheadInputStream(source, "bounded", 4096, 3)) {
            in.read();
            Thread.sleep(100);
            // At most every buffer filled, plus one read into a buffer in progress.
            assertTrue(source.read.get() <= 4 * 4096, "read ahead " + source.read.get());
            assertFalse(source.closed.get());
        }
    }
}
