package dev.quarry.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.loader.testing.StoreContents;
import dev.quarry.store.QuadStore;
import dev.quarry.store.StoreStats;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Set;
import java.util.Map;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.DatasetGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Quads per predicate and per graph after bulk loads match a recount of the store, both when
 * the load counts them while merging GPOS (empty store) and while merging SPOG (non-empty
 * store, where only quads new to the store count); the planner's distinct subjects and
 * objects per predicate are exact after a load into an empty store, an upper bound after
 * one into a non-empty store, and exact again after {@code analyze()}.
 */
class LoadStatisticsTest {
    @TempDir
    Path tmp;

    @Test
    void statisticsMatchARecountAfterLoadsIntoEmptyAndNonEmptyStores() throws Exception {
        Path a = tmp.resolve("a.nq");
        Files.writeString(a, """
                <http://x/s1> <http://x/p> <http://x/o1> .
                <http://x/s1> <http://x/q> <http://x/o1> <http://x/g1> .
                <http://x/s2> <http://x/p> <http://x/o2> <http://x/g1> .
                <http://x/s2> <http://x/p> <http://x/o2> <http://x/g1> .
                <http://x/s3> <http://x/q> "v" <http://x/g2> .
                """, StandardCharsets.UTF_8);
        Path b = tmp.resolve("b.nq");
        Files.writeString(b, """
                <http://x/s1> <http://x/p> <http://x/o1> .
                <http://x/s4> <http://x/p> <http://x/o1> .
                <http://x/s2> <http://x/p> <http://x/o2> <http://x/g1> .
                <http://x/s5> <http://x/r> <http://x/o5> <http://x/g2> .
                """, StandardCharsets.UTF_8);
        try (QuadStore store = QuadStore.open(tmp.resolve("s"))) {
            BulkLoader.load(store, LoadOptions.of(a.toString()));
            assertMatchesRecount(store, 4);
            assertEquals(distinctRecount(store), store.stats().distinctPerPredicate());
            BulkLoader.load(store, LoadOptions.of(b.toString()));
            assertMatchesRecount(store, 6);
            Map<Node, StoreStats.DistinctCounts> exact = distinctRecount(store);
            Map<Node, StoreStats.DistinctCounts> estimated = store.stats().distinctPerPredicate();
            assertEquals(exact.keySet(), estimated.keySet());
            exact.forEach((p, d) -> {
                assertTrue(estimated.get(p).subjects() >= d.subjects() && estimated.get(p).objects() >= d.objects(),
                        p + ": " + estimated.get(p) + " below the exact " + d);
            });
            store.analyze();
            assertEquals(exact, store.stats().distinctPerPredicate());
        }
    }

    private static Map<Node, StoreStats.DistinctCounts> distinctRecount(QuadStore store) {
        DatasetGraph copy = StoreContents.copy(store);
        Map<Node, Set<Node>> subjects = new HashMap<>();
        Map<Node, Set<Node>> objects = new HashMap<>();
        copy.find().forEachRemaining(q -> {
            subjects.computeIfAbsent(q.getPredicate(), k -> new HashSet<>()).add(q.getSubject());
            objects.computeIfAbsent(q.getPredicate(), k -> new HashSet<>()).add(q.getObject());
        });
        Map<Node, StoreStats.DistinctCounts> out = new HashMap<>();
        subjects.forEach((p, s) -> out.put(p, new StoreStats.DistinctCounts(s.size(), objects.get(p).size())));
        return out;
    }

    private static void assertMatchesRecount(QuadStore store, long quads) {
        DatasetGraph copy = StoreContents.copy(store);
        Map<Node, Long> perPredicate = new HashMap<>();
        copy.find().forEachRemaining(q -> perPredicate.merge(q.getPredicate(), 1L, Long::sum));
        StoreStats stats = store.stats();
        assertEquals(quads, stats.quads());
        assertEquals(perPredicate, stats.quadsPerPredicate());
        assertEquals(quads, stats.quadsPerGraph().values().stream().mapToLong(Long::longValue).sum());
        assertEquals(3, stats.quadsPerGraph().size()); // default graph, g1, g2
    }
}
