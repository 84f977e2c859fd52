package dev.quarry.bench.http;

import dev.quarry.bench.gen.Catalog;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The queries of a run, fixed before any is sent: mix {@code m} runs every template once in an
 * order shuffled with a seed derived from {@code (seed, m)}, and each query's parameters come
 * from a random source seeded with {@code (seed, m, template)}. So the same arguments give the
 * same queries in the same order for every server, whatever the number of clients.
 */
final class MixPlan {

    /** One query to send: its mix, its template's index in the template list, and its text. */
    record Query(int mix, int template, String text) {}

    private final List<QueryTemplate> templates;
    private final Catalog catalog;
    private final long seed;

    MixPlan(List<QueryTemplate> templates, Catalog catalog, long seed) {
        this.templates = List.copyOf(templates);
        this.catalog = catalog;
        this.seed = seed;
    }

    List<QueryTemplate> templates() {
        return templates;
    }

    /** The queries of mix {@code m}, in the order they are sent. */
    List<Query> mix(int m) {
        int[] order = new int[templates.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        SplittableRandom shuffle = new SplittableRandom(mixSeed(m, -1));
        for (int i = order.length - 1; i > 0; i--) {
            int j = shuffle.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        List<Query> queries = new ArrayList<>(order.length);
        for (int t : order) {
            queries.add(new Query(m, t, templates.get(t).text(catalog, new SplittableRandom(mixSeed(m, t)))));
        }
        return queries;
    }

    /** A seed per (mix, template): SplittableRandom spreads nearby seeds well, the multipliers keep pairs apart. */
    private long mixSeed(int m, int template) {
        return seed * 0x9E3779B97F4A7C15L + m * 1_000_003L + template;
    }
}
