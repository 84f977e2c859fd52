/**
 * Operations endpoints: {@code /status} (health and store statistics), {@code /metrics}
 * (Prometheus) and {@code POST /backup} (a store checkpoint).
 *
 * <p>Imports: {@code endpoint.http} and the store's public classes; never the handlers it reports on
 * beyond their counters, {@code cli}, or {@code store.rocks}.
 */
package dev.quarry.endpoint.monitor;
