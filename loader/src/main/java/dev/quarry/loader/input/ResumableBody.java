package dev.quarry.loader.input;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The body of an http(s) source that survives a dropped or stalled connection: after
 * {@link HttpFetch#readTimeout()} without a byte, or when the connection breaks before the
 * end, the body is requested again from the byte reached ({@link Reopener}, an HTTP Range
 * request) up to {@link HttpFetch#retries()} times in a row without progress.
 *
 * <p>Hand-written because the JDK's {@code HttpClient} has no timeout for reading a body
 * and no library in the jar resumes one: a watchdog closes the body's stream when a read
 * has waited too long (closing it wakes the blocked read, which then fails).
 */
final class ResumableBody extends InputStream {
    /** Requests the body again from {@code offset}. */
    @FunctionalInterface
    interface Reopener {
        /**
         * @return the body's bytes from {@code offset} on
         * @throws NotResumableException if the server answered but cannot resume (do not retry)
         * @throws IOException           if the request failed (may be retried)
         */
        InputStream openAt(long offset) throws IOException;
    }

    /** The server cannot continue the body where it broke off: retrying does not help. */
    static final class NotResumableException extends IOException {
        NotResumableException(String message) {
            super(message);
        }
    }

    /** The body could not be read to its end: a transport failure, not bad data (decoders pass it on as it is). */
    static final class FetchFailedException extends IOException {
        FetchFailedException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** One daemon thread checks every open body for stalled reads. */
    private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "quarry-http-watchdog");
        t.setDaemon(true);
        return t;
    });

    private final String name;
    private final long length;
    private final HttpFetch fetch;
    private final Reopener reopener;
    private final ScheduledFuture<?> watch;
    private volatile InputStream body;
    private long offset;
    /** System.nanoTime() when the read in progress started; 0 while no read waits. */
    private volatile long readSince;
    private volatile boolean stalled;
    private volatile boolean closed;

    /**
     * @param name   the URL, for messages
     * @param length the whole body's length, or -1 if unknown
     * @param body   the body of the first response, from byte 0
     */
    ResumableBody(String name, long length, InputStream body, HttpFetch fetch, Reopener reopener) {
        this.name = name;
        this.length = length;
        this.body = body;
        this.fetch = fetch;
        this.reopener = reopener;
        long timeoutNanos = fetch.readTimeout().toNanos();
        long period = Math.max(TimeUnit.MILLISECONDS.toNanos(10), Math.min(timeoutNanos / 4, TimeUnit.SECONDS.toNanos(1)));
        this.watch = WATCHDOG.scheduleAtFixedRate(() -> {
            long since = readSince;
            if (since != 0 && System.nanoTime() - since > timeoutNanos) {
                stalled = true;
                closeQuietly(this.body);
            }
        }, period, period, TimeUnit.NANOSECONDS);
    }

    /** Bytes delivered so far. */
    long offset() {
        return offset;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        int failures = 0;
        while (true) {
            if (closed) {
                throw new IOException(name + ": stream closed");
            }
            String failure;
            IOException cause;
            try {
                readSince = System.nanoTime();
                int n = body.read(b, off, len);
                if (n > 0) {
                    offset += n;
                    return n;
                }
                if (length < 0 || offset >= length) {
                    return -1;
                }
                throw new EOFException("closed by the server");
            } catch (IOException e) {
                if (closed) {
                    throw e;
                }
                cause = e;
                failure = stalled
                        ? "no data for " + seconds(fetch.readTimeout().toMillis()) + " s"
                        : "connection lost (" + (e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName()) + ")";
            } finally {
                readSince = 0;
            }
            stalled = false;
            closeQuietly(body);
            failures++;
            if (failures > fetch.retries()) {
                throw new FetchFailedException(name + ": " + failure + " at byte " + offset + where()
                        + (fetch.retries() > 0 ? " (gave up after " + fetch.retries() + " retries)" : ""), cause);
            }
            body = reopen(failures, failure);
        }
    }

    /** Requests the rest of the body, retrying failed requests within the same budget. */
    private InputStream reopen(int failuresSoFar, String why) throws IOException {
        int failures = failuresSoFar;
        while (true) {
            pause(failures);
            try {
                return reopener.openAt(offset);
            } catch (NotResumableException e) {
                throw new FetchFailedException(name + ": " + why + " at byte " + offset + where() + ", and " + e.getMessage(), e);
            } catch (IOException e) {
                failures++;
                if (failures > fetch.retries()) {
                    throw new FetchFailedException(name + ": " + why + " at byte " + offset + where() + "; resuming failed: "
                            + e.getMessage() + " (gave up after " + fetch.retries() + " retries)", e);
                }
            }
        }
    }

    private void pause(int failures) throws InterruptedIOException {
        long millis = fetch.retryDelay().toMillis() << Math.min(failures - 1, 16);
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException(name + ": interrupted");
        }
    }

    private String where() {
        return length >= 0 ? " of " + length : "";
    }

    private static String seconds(long millis) {
        return millis % 1000 == 0 ? Long.toString(millis / 1000) : Double.toString(millis / 1000.0);
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException e) {
            // the connection is being given up anyway
        }
    }

    @Override
    public void close() throws IOException {
        closed = true;
        watch.cancel(false);
        body.close();
    }
}
