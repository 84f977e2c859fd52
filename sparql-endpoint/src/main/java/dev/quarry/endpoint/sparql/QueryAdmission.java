package dev.quarry.endpoint.sparql;

import dev.quarry.endpoint.http.Exchange;
import dev.quarry.endpoint.http.HttpError;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Limits how many queries run at once. A query over the limit waits, first come first
 * served, in a queue of bounded length; only when the queue is full is it refused at
 * once (503 with Retry-After). A waiting query gives up (503) when its timeout passes
 * or its request is cancelled (client gone, server stopping). A client that keeps
 * {@code limit} requests in flight therefore never sees a 503, even if it sends its next
 * request the moment a response arrives.
 */
public final class QueryAdmission {
    /** How often a waiting query looks whether its request was cancelled. */
    private static final long CANCEL_POLL_MILLIS = 50;

    private final int limit;
    private final int queueLimit;
    private final Semaphore permits;
    private final AtomicInteger waiting = new AtomicInteger();

    /** A running query's place; closing it frees the place (closing twice frees it once). */
    public interface Permit extends AutoCloseable {
        @Override
        void close();
    }

    public QueryAdmission(int limit, int queueLimit, MeterRegistry registry) {
        this.limit = limit;
        this.queueLimit = queueLimit;
        this.permits = new Semaphore(limit, true);
        Gauge.builder("quarry.queries.running", this, QueryAdmission::running)
                .description("queries running now").register(registry);
        Gauge.builder("quarry.queries.queued", this, QueryAdmission::queued)
                .description("queries waiting for a place").register(registry);
    }

    /**
     * Takes a place, waiting for one up to {@code maxWaitMillis} (0 = as long as it
     * takes) if the queue has room; 503 if it is full, the wait runs out or {@code ex}
     * is cancelled meanwhile.
     */
    public Permit enter(Exchange ex, long maxWaitMillis) {
        // A timed acquire with no wait honours the fairness (tryAcquire() would jump the queue).
        if (!acquire(0)) {
            if (waiting.incrementAndGet() > queueLimit) {
                waiting.decrementAndGet();
                throw refused("too many queries running (limit " + limit + ") and waiting (limit " + queueLimit + ")");
            }
            try {
                waitForPlace(ex, maxWaitMillis);
            } finally {
                waiting.decrementAndGet();
            }
        }
        return permit();
    }

    /** A place if one is free now and nobody waits for one (first come, first served); else null. */
    public Permit tryEnter() {
        return acquire(0) ? permit() : null;
    }

    private Permit permit() {
        AtomicBoolean released = new AtomicBoolean();
        return () -> {
            if (released.compareAndSet(false, true)) {
                permits.release();
            }
        };
    }

    private void waitForPlace(Exchange ex, long maxWaitMillis) {
        long deadline = maxWaitMillis > 0 ? System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(maxWaitMillis) : Long.MAX_VALUE;
        while (true) {
            if (ex != null && ex.isCancelled()) {
                throw refused("query cancelled while waiting for a place: the server is stopping or the client went away");
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw refused("query waited its timeout of " + maxWaitMillis + " ms for one of the " + limit + " places");
            }
            if (acquire(Math.min(TimeUnit.NANOSECONDS.toMillis(left) + 1, CANCEL_POLL_MILLIS))) {
                return;
            }
        }
    }

    private boolean acquire(long millis) {
        try {
            return permits.tryAcquire(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw refused("the server is stopping");
        }
    }

    private static HttpError refused(String message) {
        return new HttpError(HttpResponseStatus.SERVICE_UNAVAILABLE, message + "; retry later")
                .withHeader("Retry-After", "1");
    }

    public int running() {
        return limit - permits.availablePermits();
    }

    public int queued() {
        return waiting.get();
    }

    public int limit() {
        return limit;
    }

    public int queueLimit() {
        return queueLimit;
    }
}
