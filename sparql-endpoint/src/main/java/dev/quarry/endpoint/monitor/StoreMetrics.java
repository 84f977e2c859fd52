package dev.quarry.endpoint.monitor;

import dev.quarry.store.QuadStore;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;

/**
 * Store and RocksDB figures in the metrics registry: the engine's counters (as
 * {@code quarry_rocksdb_*_total}), the native memory RocksDB holds by part, the store's quad and
 * term counts and its size on disk.
 */
public final class StoreMetrics {
    private StoreMetrics() {}

    public static void bind(MeterRegistry registry, QuadStore store) {
        for (String name : store.engineCounters().keySet()) {
            FunctionCounter.builder("quarry.rocksdb." + name, store, s -> counter(s, name))
                    .description("RocksDB ticker " + name)
                    .register(registry);
        }
        for (String part : store.engineMemory().keySet()) {
            Gauge.builder("quarry.rocksdb.memory.bytes", store, s -> s.engineMemory().getOrDefault(part, -1L))
                    .tag("part", part)
                    .description("native memory RocksDB holds, by part")
                    .register(registry);
        }
        Gauge.builder("quarry.store.quads", store, s -> s.stats().quads()).description("quads in the store").register(registry);
        Gauge.builder("quarry.store.terms", store, s -> s.stats().terms()).description("terms in the dictionary").register(registry);
        Gauge.builder("quarry.store.disk.bytes", store, QuadStore::diskBytes).description("store size on disk").register(registry);
    }

    private static double counter(QuadStore store, String name) {
        Map<String, Long> all = store.engineCounters();
        Long v = all.get(name);
        return v == null ? Double.NaN : v;
    }
}
