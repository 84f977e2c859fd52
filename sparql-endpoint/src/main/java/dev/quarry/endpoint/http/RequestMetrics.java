package dev.quarry.endpoint.http;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Request latencies per operation and status, and SPARQL requests per kind (select, ask,
 * construct, describe, update), in the server's registry. A latency timer has histogram
 * buckets: Prometheus computes p50, p95, p99 from them with {@code histogram_quantile}, also
 * across instances (docs/operations.md). (Micrometer's client-side percentiles are not
 * published next to a histogram by its Prometheus registry, so there are none.) The meters
 * are kept once registered: building a timer per request (its tags, its buckets as a
 * stream, the registry's lookup) was ~1 % of a query worker's CPU on the BSBM mix.
 */
public final class RequestMetrics {
    /**
     * The bucket bounds, from a point lookup to a long analytical query: 17 buckets rather
     * than Micrometer's default 70-odd, as there is one histogram per operation and status.
     */
    private static final Duration[] BUCKETS = {
        Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(5), Duration.ofMillis(10), Duration.ofMillis(25),
        Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1),
        Duration.ofMillis(2500), Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofMinutes(1),
        Duration.ofMinutes(5), Duration.ofMinutes(10)};

    private final MeterRegistry registry;
    private final ConcurrentHashMap<String, ConcurrentHashMap<Integer, Timer>> timers = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Counter> kinds = new ConcurrentHashMap<>();

    public RequestMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    public MeterRegistry registry() {
        return registry;
    }

    void record(Exchange ex, long nanos) {
        HttpResponseStatus status = ex.status();
        timer(ex.operation(), status == null ? -1 : status.code()).record(nanos, TimeUnit.NANOSECONDS);
        if (ex.queryKind() != null) {
            kinds.computeIfAbsent(ex.queryKind(), kind -> Counter.builder("quarry.sparql.requests")
                    .description("SPARQL queries and updates received, by kind (select, ask, construct, describe, update)")
                    .tag("kind", kind)
                    .register(registry)).increment();
        }
    }

    /** The latency timer of {@code operation} and status {@code code} (-1: no status, tagged "none"). */
    private Timer timer(String operation, int code) {
        return timers.computeIfAbsent(operation, op -> new ConcurrentHashMap<>())
                .computeIfAbsent(code, c -> Timer.builder("quarry.http.requests")
                        .description("HTTP requests by operation and status")
                        .tag("operation", operation)
                        .tag("status", c < 0 ? "none" : Integer.toString(c))
                        .serviceLevelObjectives(BUCKETS)
                        .register(registry));
    }
}
