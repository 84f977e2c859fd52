package dev.quarry.endpoint.http;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.concurrent.TimeUnit;

/** Request counts and latencies per operation and status class, in the server's registry. */
public final class RequestMetrics {
    private final MeterRegistry registry;

    public RequestMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    public MeterRegistry registry() {
        return registry;
    }

    void record(String operation, HttpResponseStatus status, long nanos) {
        String code = status == null ? "none" : Integer.toString(status.code());
        Timer.builder("quarry.http.requests")
                .description("HTTP requests by operation and status")
                .tag("operation", operation)
                .tag("status", code)
                .register(registry)
                .record(nanos, TimeUnit.NANOSECONDS);
    }
}
