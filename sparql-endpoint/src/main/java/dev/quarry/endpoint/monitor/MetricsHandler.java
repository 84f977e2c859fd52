package dev.quarry.endpoint.monitor;

import dev.quarry.endpoint.http.Exchange;
import dev.quarry.endpoint.http.Handler;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.handler.codec.http.HttpResponseStatus;

/** {@code GET /metrics}: everything in the registry, in Prometheus text format. */
public final class MetricsHandler implements Handler {
    private final PrometheusMeterRegistry registry;

    public MetricsHandler(PrometheusMeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public void handle(Exchange ex) {
        ex.respond(HttpResponseStatus.OK, "text/plain; version=0.0.4; charset=utf-8", registry.scrape());
    }
}
