package dev.quarry.endpoint.monitor;

import dev.quarry.store.QuadStore;
import dev.quarry.store.StoreStats;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;

/**
 * Store and RocksDB figures in the metrics registry: the engine's counters (as
 * {@code quarry_rocksdb_*_total}), the native memory RocksDB holds by part, the store's quad
 * and term counts, its size on disk and the heap of its in-memory predicate tables. The store is read once per scrape ({@link #refresh},
 * called by {@link MetricsHandler}): every meter reads the snapshot taken then (each RocksDB
 * counter used to read all the tickers, and each store gauge the statistics, again).
 */
public final class StoreMetrics {
    private final QuadStore store;
    private volatile Snapshot last;

    private record Snapshot(Map<String, Long> counters, Map<String, Long> memory, long quads, long terms, long diskBytes) {}

    private StoreMetrics(QuadStore store) {
        this.store = store;
    }

    public static StoreMetrics bind(MeterRegistry registry, QuadStore store) {
        StoreMetrics m = new StoreMetrics(store);
        m.refresh();
        for (String name : m.last.counters().keySet()) {
            FunctionCounter.builder("quarry.rocksdb." + name, m, s -> s.counter(name))
                    .description("RocksDB ticker " + name)
                    .register(registry);
        }
        for (String part : m.last.memory().keySet()) {
            Gauge.builder("quarry.rocksdb.memory.bytes", m, s -> s.last.memory().getOrDefault(part, -1L))
                    .tag("part", part)
                    .description("native memory RocksDB holds, by part")
                    .register(registry);
        }
        Gauge.builder("quarry.store.quads", m, s -> s.last.quads()).description("quads in the store").register(registry);
        Gauge.builder("quarry.store.terms", m, s -> s.last.terms()).description("terms in the dictionary").register(registry);
        Gauge.builder("quarry.store.disk.bytes", m, s -> s.last.diskBytes()).description("store size on disk").register(registry);
        Gauge.builder("quarry.store.table.bytes", store, QuadStore::predicateTableBytes)
                .description("Java heap of the predicates held in memory by subject for joins (--table-memory)").register(registry);
        return m;
    }

    /** Reads the store's figures once; the meters show them until the next refresh. */
    public void refresh() {
        StoreStats stats = store.stats();
        last = new Snapshot(store.engineCounters(), store.engineMemory(), stats.quads(), stats.terms(), store.diskBytes());
    }

    private double counter(String name) {
        Long v = last.counters().get(name);
        return v == null ? Double.NaN : v;
    }
}
