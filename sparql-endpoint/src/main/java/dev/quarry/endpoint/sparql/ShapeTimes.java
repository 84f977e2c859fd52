package dev.quarry.endpoint.sparql;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import org.apache.jena.query.Query;

/**
 * How long the queries of each shape took lately: an exponentially weighted mean of their
 * run times, which tells whether a shape is short enough to try on the event loop (see
 * {@link QueryRunner}). One slow run (a GC pause, code not yet compiled) moves the mean a
 * quarter of the way; a shape that is slow every time soon stays on the workers. Keyed
 * by the identity of the shape's parsed query, which {@code ShapeCache} gives every query
 * of one shape; a query without a cached shape has a key of its own, soon forgotten.
 */
final class ShapeTimes {
    private static final double WEIGHT = 0.25;

    /** Upkeep on the caller's thread, as in {@code ShapeCache}: no pool thread woken per few queries. */
    private final Cache<Query, double[]> means =
            Caffeine.newBuilder().weakKeys().maximumSize(10_000).executor(Runnable::run).build();

    /** The mean run time of {@code shape}'s queries in milliseconds; 0 if none ran yet. */
    double meanMillis(Query shape) {
        double[] m = means.getIfPresent(shape);
        return m == null ? 0 : m[0];
    }

    /** One run of a query of {@code shape}. Concurrent runs may lose an update: the mean is an estimate. */
    void record(Query shape, double millis) {
        double[] m = means.get(shape, k -> new double[] {millis});
        m[0] += WEIGHT * (millis - m[0]);
    }
}
