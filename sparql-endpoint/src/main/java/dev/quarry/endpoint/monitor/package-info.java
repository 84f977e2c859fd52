/** Operations endpoints: {@code /status} (health and store statistics), {@code /metrics} (Prometheus) and {@code POST /backup} (a store checkpoint). */
package dev.quarry.endpoint.monitor;
