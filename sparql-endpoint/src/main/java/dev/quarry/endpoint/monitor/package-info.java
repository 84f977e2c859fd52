/** Operations endpoints: {@code /status} (health and store statistics) and {@code /metrics} (Prometheus). */
package dev.quarry.endpoint.monitor;
