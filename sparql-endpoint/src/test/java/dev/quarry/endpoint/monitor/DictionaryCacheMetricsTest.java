package dev.quarry.endpoint.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quarry.store.QuadStore;
import dev.quarry.store.ReadView;
import dev.quarry.store.WriteTransaction;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dictionary caches' hits and misses are in the registry, as cache_gets_total{cache, result}. */
class DictionaryCacheMetricsTest {
    @TempDir
    Path dir;

    @Test
    void decodingCountsAMissThenHits() {
        Node s = NodeFactory.createURI("http://example.org/s");
        Node long1 = NodeFactory.createLiteralString("a literal too long to be inlined in its id, surely");
        try (QuadStore store = QuadStore.open(dir)) {
            try (WriteTransaction tx = store.beginWrite()) {
                tx.add(org.apache.jena.sparql.core.Quad.defaultGraphIRI, s, s, long1);
                tx.commit();
            }
            SimpleMeterRegistry registry = new SimpleMeterRegistry();
            DictionaryCacheMetrics.bind(registry, store.dictionary());
            double hits0 = gets(registry, "hit");
            double misses0 = gets(registry, "miss");
            try (ReadView view = store.newReadView()) {
                long id = view.lookup(long1);
                for (int i = 0; i < 3; i++) {
                    assertEquals(long1, view.decode(id));
                }
            }
            assertEquals(2, gets(registry, "hit") - hits0);
            assertEquals(1, gets(registry, "miss") - misses0);
        }
    }

    private static double gets(SimpleMeterRegistry registry, String result) {
        return registry.get("cache.gets").tag("cache", "quarry.term_by_id").tag("result", result).functionCounter().count();
    }
}
