package dev.quarry.endpoint.monitor;

import com.github.benmanes.caffeine.cache.stats.CacheStats;
import dev.quarry.store.dict.TermDictionary;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.function.ToLongFunction;

/**
 * The term dictionary's caches in the metrics registry, named as Micrometer's own cache
 * binders name them: {@code cache_gets_total{cache="quarry.term_by_id",result="hit"|"miss"}}
 * and {@code cache_evictions_total}. The hit rate of a cache is
 * {@code rate(cache_gets_total{result="hit"}[5m]) / rate(cache_gets_total[5m])}.
 */
public final class DictionaryCacheMetrics {
    private DictionaryCacheMetrics() {}

    public static void bind(MeterRegistry registry, TermDictionary dictionary) {
        for (String cache : dictionary.cacheStats().keySet()) {
            String name = "quarry." + cache;
            counter(registry, dictionary, name, cache, "cache.gets", "hit", CacheStats::hitCount);
            counter(registry, dictionary, name, cache, "cache.gets", "miss", CacheStats::missCount);
            FunctionCounter.builder("cache.evictions", dictionary, d -> d.cacheStats().get(cache).evictionCount())
                    .tag("cache", name).description("entries evicted from the cache").register(registry);
        }
    }

    private static void counter(MeterRegistry registry, TermDictionary dictionary, String name, String cache, String meter,
                                String result, ToLongFunction<CacheStats> count) {
        FunctionCounter.builder(meter, dictionary, d -> count.applyAsLong(d.cacheStats().get(cache)))
                .tag("cache", name).tag("result", result)
                .description("lookups in the cache, by whether the entry was there")
                .register(registry);
    }
}
