package dev.quarry.endpoint.http;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Which requests are first tried on their connection's event loop instead of a worker.
 * Handing a request to a worker and its response back costs two thread wake-ups; on a
 * 2-core machine that was ~50 us of a ~250 us keep-alive query (measured: docs/server.md),
 * as much as a short query's own work. So a request of an inline route with a small body
 * runs where it was read, for at most the budget; a handler that needs longer, would
 * block, or writes more than fits in one response buffer moves to a worker and starts
 * again there ({@link Exchange#moveToWorker}), having sent nothing.
 *
 * <p>A move wastes up to the budget on the event loop, where other connections wait. The
 * credit bounds that: each answer earns one (up to {@link #MAX_CREDIT}), each move that
 * took over a quarter of the budget costs {@link #MOVE_COST} (a handler that knows at once
 * it must move wastes nothing); without credit, requests go straight to the workers, and
 * one in {@link #PROBE_EVERY} is still tried, so that inline answers resume when the load
 * turns short again.
 */
final class InlinePolicy {
    /** Larger request bodies (long queries: slow to parse and plan) go to a worker. */
    static final int MAX_REQUEST_BYTES = 8 * 1024;
    static final int MAX_CREDIT = 32;
    static final int MOVE_COST = 4;
    static final int PROBE_EVERY = 64;

    private final long budgetMillis;
    private final long costlyMoveNanos;
    private final AtomicInteger credit = new AtomicInteger(MAX_CREDIT);
    private final AtomicLong declined = new AtomicLong();
    private final Counter answered;
    private final Counter moved;

    InlinePolicy(Duration budget, MeterRegistry registry) {
        this.budgetMillis = budget.toMillis();
        this.costlyMoveNanos = budget.toNanos() / 4;
        this.answered = counter(registry, "answered");
        this.moved = counter(registry, "moved");
    }

    private static Counter counter(MeterRegistry registry, String outcome) {
        return Counter.builder("quarry.http.inline")
                .description("requests tried on the event loop: answered there, or moved to a worker")
                .tag("outcome", outcome)
                .register(registry);
    }

    long budgetMillis() {
        return budgetMillis;
    }

    /** Whether to try {@code ex}, whose body has fully arrived, on the event loop. */
    boolean tryInline(Exchange ex, Router.Route route) {
        if (!route.inline() || budgetMillis <= 0 || ex.body().length + ex.uri().length() > MAX_REQUEST_BYTES) {
            return false;
        }
        return credit.get() > 0 || declined.incrementAndGet() % PROBE_EVERY == 0;
    }

    void answered() {
        answered.increment();
        credit.getAndUpdate(c -> Math.min(MAX_CREDIT, c + 1));
    }

    /** A request moved to a worker after {@code nanos} on the event loop. */
    void moved(long nanos) {
        moved.increment();
        if (nanos >= costlyMoveNanos) {
            credit.getAndUpdate(c -> Math.max(0, c - MOVE_COST));
        }
    }
}
