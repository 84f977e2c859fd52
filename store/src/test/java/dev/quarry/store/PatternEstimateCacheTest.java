package dev.quarry.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quarry.store.encoding.TermId;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Pattern estimates kept across queries: read once per store version, never served to another version. */
class PatternEstimateCacheTest {
    @TempDir
    Path dir;

    private static Node iri(String s) {
        return NodeFactory.createURI("http://example.org/" + s);
    }

    @Test
    void anEstimateIsReadOncePerVersionAndPatternAndCap() {
        StatsCache cache = new StatsCache();
        AtomicInteger reads = new AtomicInteger();
        assertEquals(7, cache.estimate(0, 5, 9, 0, 256, 1, reading(7, reads)));
        assertEquals(7, cache.estimate(0, 5, 9, 0, 256, 1, reading(-1, reads)));
        assertEquals(1, reads.get(), "the second query on the same version reads nothing");
        assertEquals(3, cache.estimate(0, 5, 9, 0, 256, 2, reading(3, reads)));
        assertEquals(2, reads.get(), "a new version reads again");
        assertEquals(8, cache.estimate(0, 5, 9, 0, 256, 1, reading(8, reads)),
                "a view of the older version gets its own reading, not the newer one");
        assertEquals(3, cache.estimate(0, 5, 9, 0, 256, 2, () -> -1L), "and the newer entry stays");
        assertEquals(4, cache.estimate(0, 5, 9, 0, 16, 2, () -> 4L), "another cap is another estimate");
        assertEquals(5, cache.estimate(0, 5, 10, 0, 256, 2, () -> 5L), "another pattern is another estimate");
    }

    private static Supplier<Long> reading(long value, AtomicInteger reads) {
        return () -> {
            reads.incrementAndGet();
            return value;
        };
    }

    @Test
    void estimatesFollowCommitsAndDropAll() {
        try (QuadStore store = QuadStore.open(dir.resolve("db"))) {
            add(store, 0, 10);
            long p, o;
            try (ReadView v = store.newReadView()) {
                p = v.lookup(iri("p"));
                o = v.lookup(iri("o"));
                assertEquals(10, v.estimate(TermId.NONE, p, o, TermId.NONE, 256));
                assertEquals(10, v.estimate(TermId.NONE, p, o, TermId.NONE, 256));
            }
            try (ReadView before = store.newReadView()) {
                add(store, 10, 15);
                try (ReadView after = store.newReadView()) {
                    assertEquals(15, after.estimate(TermId.NONE, p, o, TermId.NONE, 256));
                }
                assertEquals(10, before.estimate(TermId.NONE, p, o, TermId.NONE, 256),
                        "a view taken before the commit counts its own snapshot");
            }
            store.dropAll();
            try (ReadView v = store.newReadView()) {
                assertEquals(0, v.estimate(TermId.NONE, p, o, TermId.NONE, 256));
            }
        }
    }

    private static void add(QuadStore store, int from, int to) {
        try (WriteTransaction w = store.beginWrite()) {
            for (int i = from; i < to; i++) {
                w.add(null, iri("s" + i), iri("p"), iri("o"));
            }
            w.commit();
        }
    }
}
