package dev.quarry.store.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.benmanes.caffeine.cache.stats.CacheStats;
import dev.quarry.store.rocks.KvBatch;
import dev.quarry.store.rocks.RocksKv;
import java.nio.file.Path;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dictionary's caches keep hot entries when they fill (they were cleared whole before, so
 * a term used by every result row was read from disk again after each clear), and count hits.
 */
class DictionaryCacheTest {
    private static final int LIMIT = 100;
    private static final int COLD = 2_000;

    @TempDir
    Path dir;

    @Test
    void aHotTermStaysCachedWhileManyColdOnesPassThrough() {
        try (RocksKv kv = RocksKv.open(dir, 8 << 20, false); KvBatch batch = kv.newBatch()) {
            TermDictionary d = new TermDictionary(kv, new PrefixDictionary(kv), LIMIT);
            long[] ids = new long[COLD + 1];
            for (int i = 0; i <= COLD; i++) {
                ids[i] = d.getOrCreate(NodeFactory.createURI("http://example.org/t" + i), batch, new boolean[1]);
            }
            Node hot = d.decode(ids[0], batch);
            int hotMisses = 0;
            for (int round = 0; round < 3; round++) {
                for (int i = 1; i <= COLD; i++) {
                    long before = stats(d, "term_by_id").missCount();
                    assertEquals(hot, d.decode(ids[0], batch));
                    hotMisses += (int) (stats(d, "term_by_id").missCount() - before);
                    assertEquals("http://example.org/t" + i, d.decode(ids[i], batch).getURI());
                }
            }
            // Cleared whole at the limit, the hot term missed once per LIMIT cold ones: about 60 times here.
            assertTrue(hotMisses <= 2, "hot term missed " + hotMisses + " times");
            CacheStats s = stats(d, "term_by_id");
            assertEquals(1 + 2L * 3 * COLD, s.requestCount());
            assertTrue(s.evictionCount() > 0, s.toString());
        }
    }

    @Test
    void termToIdHitsAddUpAcrossEpochs() {
        try (RocksKv kv = RocksKv.open(dir, 8 << 20, false); KvBatch batch = kv.newBatch()) {
            TermDictionary d = new TermDictionary(kv, new PrefixDictionary(kv), LIMIT);
            Node term = NodeFactory.createLiteralString("a string long enough not to be inlined in its id");
            long id = d.getOrCreate(term, batch, new boolean[1]);
            assertEquals(id, d.lookup(term, batch, d.epoch()));
            assertEquals(id, d.lookup(term, batch, d.epoch()));
            d.newEpoch();
            assertEquals(id, d.lookup(term, batch, d.epoch())); // a new epoch starts empty
            CacheStats s = stats(d, "id_by_term");
            assertEquals(1, s.hitCount());
            assertEquals(2, s.missCount());
        }
    }

    @Test
    void namespaceCachesCountHits() {
        try (RocksKv kv = RocksKv.open(dir, 8 << 20, false)) {
            PrefixDictionary p = new PrefixDictionary(kv);
            TermDictionary d = new TermDictionary(kv, p, LIMIT);
            int id = p.prefixId("http://example.org/ns/", true);
            p.writeUnwritten();
            // A created namespace enters the cache when it is first read again once written (a
            // miss, one disk read), not at creation: many namespaces are used once.
            assertEquals(id, p.prefixId("http://example.org/ns/", false));
            assertEquals(0, stats(d, "id_by_namespace").hitCount());
            assertEquals(id, p.prefixId("http://example.org/ns/", false));
            assertEquals("http://example.org/ns/", p.namespace(id));
            assertEquals(1, stats(d, "id_by_namespace").hitCount());
            assertEquals(2, stats(d, "id_by_namespace").missCount());
            assertEquals(1, stats(d, "namespace_by_id").hitCount());
        }
    }

    private static CacheStats stats(TermDictionary d, String cache) {
        return d.cacheStats().get(cache);
    }
}
