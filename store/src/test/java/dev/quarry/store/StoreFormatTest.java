package dev.quarry.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermId;
import dev.quarry.store.error.StoreFormatException;
import dev.quarry.store.rocks.KvIterator;
import dev.quarry.store.rocks.RocksKv;
import dev.quarry.store.verify.StoreValidator;
import dev.quarry.store.verify.ValidationReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Store format 3: default-graph triples in SPOG, POSG and OSPG only, named-graph quads in all
 * six indexes; every pattern still finds exactly its quads; a format-2 store is refused with
 * the upgrade command and {@link QuadStore#upgrade} turns it into format 3.
 */
class StoreFormatTest {
    @TempDir
    Path dir;

    private static Node iri(String s) {
        return NodeFactory.createURI("http://example.org/" + s);
    }

    /** Two subjects, two predicates, objects shared across graphs: default graph, g1 and g2. */
    private static void fill(QuadStore store) {
        try (WriteTransaction w = store.beginWrite()) {
            for (Node g : new Node[] {null, iri("g1"), iri("g2")}) {
                for (String s : new String[] {"a", "b"}) {
                    w.add(g, iri(s), iri("p"), iri("x"));
                    w.add(g, iri(s), iri("q"), iri(s + (g == null ? "-dg" : "-ng")));
                }
            }
            w.commit();
        }
    }

    private static long keys(RocksKv kv, byte[] prefix) {
        long n = 0;
        try (KvIterator it = kv.scan(prefix)) {
            while (it.next()) {
                n++;
            }
        }
        return n;
    }

    private static long keys(ReadView view, byte[] prefix) {
        long n = 0;
        try (KvIterator it = view.kvReader().scan(prefix)) {
            while (it.next()) {
                n++;
            }
        }
        return n;
    }

    @Test
    void defaultGraphTriplesAreInThreeIndexesNamedQuadsInSix() {
        try (QuadStore store = QuadStore.open(dir.resolve("db"))) {
            fill(store);
            try (ReadView v = store.newReadView()) {
                for (Permutation perm : Permutation.values()) {
                    long expected = perm.holdsAll() ? 12 : 8;
                    assertEquals(expected, keys(v, new byte[] {perm.tag()}), perm.name());
                    assertEquals(perm.holds(TermId.DEFAULT_GRAPH),
                            keys(v, KeyLayout.quadPrefix(perm, new long[] {0, 0, 0, TermId.DEFAULT_GRAPH})) > 0, perm.name());
                }
            }
            assertTrue(StoreValidator.validate(store).ok());
            try (WriteTransaction w = store.beginWrite()) {
                assertTrue(w.delete(null, iri("a"), iri("p"), iri("x")));
                assertTrue(w.delete(iri("g1"), iri("a"), iri("p"), iri("x")));
                w.commit();
            }
            ValidationReport after = StoreValidator.validate(store);
            assertTrue(after.ok(), after.problems().toString());
            assertEquals(10, after.quads());
        }
    }

    /** Every combination of bound positions, on each kind of graph, against a filter of all quads. */
    @Test
    void everyPatternFindsExactlyItsQuads() {
        try (QuadStore store = QuadStore.open(dir.resolve("db"))) {
            fill(store);
            try (ReadView v = store.newReadView()) {
                List<long[]> all = new ArrayList<>();
                try (QuadCursor c = v.find(TermId.NONE, TermId.NONE, TermId.NONE, TermId.NONE)) {
                    while (c.next()) {
                        all.add(new long[] {c.s(), c.p(), c.o(), c.g()});
                    }
                }
                assertEquals(12, all.size());
                long[] graphs = {TermId.NONE, TermId.DEFAULT_GRAPH, TermId.ANY_NAMED_GRAPH, v.lookup(iri("g1"))};
                int checked = 0;
                for (long[] probe : all) {
                    for (long g : graphs) {
                        for (int mask = 0; mask < 8; mask++) {
                            long s = (mask & 1) != 0 ? probe[0] : TermId.NONE;
                            long p = (mask & 2) != 0 ? probe[1] : TermId.NONE;
                            long o = (mask & 4) != 0 ? probe[2] : TermId.NONE;
                            Set<List<Long>> expected = new HashSet<>();
                            for (long[] q : all) {
                                boolean graphOk = g == TermId.NONE || (g == TermId.ANY_NAMED_GRAPH
                                        ? q[3] != TermId.DEFAULT_GRAPH : q[3] == g);
                                if (graphOk && (s == TermId.NONE || q[0] == s) && (p == TermId.NONE || q[1] == p)
                                        && (o == TermId.NONE || q[2] == o)) {
                                    expected.add(List.of(q[0], q[1], q[2], q[3]));
                                }
                            }
                            Set<List<Long>> found = new HashSet<>();
                            try (QuadCursor c = v.find(s, p, o, g)) {
                                while (c.next()) {
                                    assertTrue(found.add(List.of(c.s(), c.p(), c.o(), c.g())), "a quad twice");
                                }
                            }
                            assertEquals(expected, found, "pattern " + s + " " + p + " " + o + " " + g);
                            checked++;
                        }
                    }
                }
                assertEquals(12 * 4 * 8, checked);
            }
        }
    }

    /** A format-2 store: format 3's quads plus the default graph's triples in the graph-first indexes. */
    private Path formatTwoStore() throws Exception {
        Path db = dir.resolve("old");
        try (QuadStore store = QuadStore.open(db)) {
            fill(store);
        }
        List<byte[]> extra = new ArrayList<>();
        try (RocksKv kv = RocksKv.open(db.resolve("db"), 1 << 20, true)) {
            long[] quad = new long[4];
            try (KvIterator it = kv.scan(new byte[] {KeyLayout.TAG_SPOG})) {
                while (it.next()) {
                    KeyLayout.readQuadKey(Permutation.SPOG, it.key(), quad);
                    if (quad[3] == TermId.DEFAULT_GRAPH) {
                        for (Permutation perm : Permutation.values()) {
                            if (!perm.holds(TermId.DEFAULT_GRAPH)) {
                                extra.add(KeyLayout.quadKey(perm, quad));
                                extra.add(new byte[0]);
                            }
                        }
                    }
                }
            }
            kv.putAllUnsynced(extra);
            assertEquals(12, keys(kv, new byte[] {KeyLayout.TAG_GSPO}), "the named graphs' 8 and the default graph's 4");
        }
        Files.writeString(db.resolve("quarry.store"), "quarry-store-format=2\n");
        return db;
    }

    @Test
    void formatTwoStoreIsRefusedThenUpgradedInPlace() throws Exception {
        Path old = formatTwoStore();
        StoreFormatException e = assertThrows(StoreFormatException.class, () -> QuadStore.open(old));
        assertEquals(old + " is a Quarry store of format 2, older than this build's format 3: run 'quarry upgrade --store "
                + old + "' (it deletes what format 3 no longer keeps), or reload the data into a new store", e.getMessage());

        assertTrue(QuadStore.upgrade(old));
        assertEquals("quarry-store-format=3", Files.readString(old.resolve("quarry.store")).trim());
        try (QuadStore store = QuadStore.open(old)) {
            ValidationReport report = StoreValidator.validate(store);
            assertTrue(report.ok(), report.problems().toString());
            assertEquals(12, report.quads());
            try (ReadView v = store.newReadView()) {
                for (Permutation perm : Permutation.values()) {
                    assertEquals(perm.holdsAll() ? 12 : 8, keys(v, new byte[] {perm.tag()}), perm.name());
                }
            }
        }
        assertFalse(QuadStore.upgrade(old), "a second upgrade has nothing to do");
    }

    /** The validator sees a default-graph triple left in a graph-first index (a half-done upgrade, a bad writer). */
    @Test
    void validatorFlagsDefaultGraphTriplesInGraphFirstIndexes() throws Exception {
        Path old = formatTwoStore();
        Files.writeString(old.resolve("quarry.store"), "quarry-store-format=3\n");
        try (QuadStore store = QuadStore.open(old)) {
            ValidationReport report = StoreValidator.validate(store);
            assertFalse(report.ok());
            assertTrue(report.problems().stream().anyMatch(p -> p.startsWith("GSPO does not hold the same quads as SPOG in named graphs (12 vs 8")),
                    report.problems().toString());
            assertTrue(report.problems().stream().anyMatch(p -> p.startsWith("GPOS holds default-graph quad")),
                    report.problems().toString());
        }
    }

    @Test
    void formatOneStoreCannotBeUpgraded() throws Exception {
        Path old = dir.resolve("one");
        try (QuadStore store = QuadStore.open(old)) {
            fill(store);
        }
        Files.writeString(old.resolve("quarry.store"), "quarry-store-format=1\n");
        StoreFormatException e = assertThrows(StoreFormatException.class, () -> QuadStore.upgrade(old));
        assertEquals(old + " is a Quarry store of format 1, older than this build's format 3: reload the data into a new store",
                e.getMessage());
    }
}
