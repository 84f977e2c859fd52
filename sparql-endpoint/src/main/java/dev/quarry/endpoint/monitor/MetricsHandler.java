package dev.quarry.endpoint.monitor;

import dev.quarry.endpoint.http.Exchange;
import dev.quarry.endpoint.http.Handler;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.handler.codec.http.HttpResponseStatus;

/** {@code GET /metrics}: everything in the registry, in Prometheus text format, the store read once for it. */
public final class MetricsHandler implements Handler {
    private final PrometheusMeterRegistry registry;
    private final StoreMetrics store;

    public MetricsHandler(PrometheusMeterRegistry registry, StoreMetrics store) {
        this.registry = registry;
        this.store = store;
    }

    @Override
    public void handle(Exchange ex) {
        store.refresh();
        ex.respond(HttpResponseStatus.OK, "text/plain; version=0.0.4; charset=utf-8", registry.scrape());
    }
}
