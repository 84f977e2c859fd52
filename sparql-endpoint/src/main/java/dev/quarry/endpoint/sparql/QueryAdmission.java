package dev.quarry.endpoint.sparql;

import dev.quarry.endpoint.http.HttpError;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.concurrent.Semaphore;

/**
 * Limits how many queries run at once. A query over the limit is refused at once with
 * 503 and Retry-After rather than queued: a client that retries is better served than
 * one whose request waits behind work of unknown length.
 */
public final class QueryAdmission {
    private final int limit;
    private final Semaphore permits;

    /** A running query's place; closing it frees the place. */
    public interface Permit extends AutoCloseable {
        @Override
        void close();
    }

    public QueryAdmission(int limit, MeterRegistry registry) {
        this.limit = limit;
        this.permits = new Semaphore(limit);
        Gauge.builder("quarry.queries.running", this, QueryAdmission::running)
                .description("queries running now").register(registry);
    }

    public Permit enter() {
        if (!permits.tryAcquire()) {
            throw new HttpError(HttpResponseStatus.SERVICE_UNAVAILABLE,
                    "too many queries running (limit " + limit + "); retry later")
                    .withHeader("Retry-After", "1");
        }
        return permits::release;
    }

    public int running() {
        return limit - permits.availablePermits();
    }

    public int limit() {
        return limit;
    }
}
