package dev.quarry.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermId;
import dev.quarry.store.encoding.TermCodec;
import dev.quarry.store.encoding.TermLayout;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Store format 5: default-graph triples in SPOG, POSG and OSPG only, named-graph quads in all
 * six indexes (since format 3); every pattern still finds exactly its quads; an IRI ending in a
 * delimiter keeps it in its local name (since format 4); TERM2ID keyed by term hash (format 5).
 * Stores of formats 2 to 4 are refused with the upgrade command and {@link QuadStore#upgrade}
 * turns them into format 5.
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

    /** A format-2 store: format 3's quads plus the default graph's triples in the graph-first indexes, format 4's TERM2ID keys. */
    private Path formatTwoStore() throws Exception {
        Path db = withDefaultGraphInGraphFirstIndexes();
        OlderFormats.formatFour(db); // format 2 keyed TERM2ID as format 4 did
        Files.writeString(db.resolve("quarry.store"), "quarry-store-format=2\n");
        return db;
    }

    /** A store of this format with the default graph's triples also in the graph-first indexes, as format 2 had them. */
    private Path withDefaultGraphInGraphFirstIndexes() throws Exception {
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
        return db;
    }

    /** Opening the old store fails with the upgrade command; the upgrade leaves a valid store of this format. */
    private static void refusedThenUpgraded(Path old, int format, long quads) throws Exception {
        StoreFormatException e = assertThrows(StoreFormatException.class, () -> QuadStore.open(old));
        assertEquals(old + " is a Quarry store of format " + format + ", older than this build's format 5: run 'quarry upgrade --store "
                + old + "' (it rewrites in place what changed, no reload), or reload the data into a new store", e.getMessage());
        assertTrue(QuadStore.upgrade(old));
        assertEquals("quarry-store-format=5", Files.readString(old.resolve("quarry.store")).trim());
        try (QuadStore store = QuadStore.open(old)) {
            ValidationReport report = StoreValidator.validate(store);
            assertTrue(report.ok(), report.problems().toString());
            assertEquals(quads, report.quads());
        }
    }

    @Test
    void formatTwoStoreIsRefusedThenUpgradedInPlace() throws Exception {
        Path old = formatTwoStore();
        refusedThenUpgraded(old, 2, 12);
        try (QuadStore store = QuadStore.open(old)) {
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
        Path old = withDefaultGraphInGraphFirstIndexes();
        try (QuadStore store = QuadStore.open(old)) {
            ValidationReport report = StoreValidator.validate(store);
            assertFalse(report.ok());
            assertTrue(report.problems().stream().anyMatch(p -> p.startsWith("GSPO does not hold the same quads as SPOG in named graphs (12 vs 8")),
                    report.problems().toString());
            assertTrue(report.problems().stream().anyMatch(p -> p.startsWith("GPOS holds default-graph quad")),
                    report.problems().toString());
        }
    }

    /** Format 1 must be reloaded; a newer format needs a newer Quarry: the upgrade refuses both, in one line. */
    @ParameterizedTest
    @CsvSource({
        "1, older than this build's format 5: reload the data into a new store",
        "6, newer than this build's format 5: use a newer Quarry"})
    void otherFormatsAreNotUpgraded(int format, String says) throws Exception {
        Path other = dir.resolve("other");
        try (QuadStore store = QuadStore.open(other)) {
            fill(store);
        }
        Files.writeString(other.resolve("quarry.store"), "quarry-store-format=" + format + "\n");
        StoreFormatException e = assertThrows(StoreFormatException.class, () -> QuadStore.upgrade(other));
        assertEquals(other + " is a Quarry store of format " + format + ", " + says, e.getMessage());
    }

    /** Terms that hold an IRI ending in '/', '#' or ':' (format 4 re-keys them), and two that do not. */
    private static final Node HOMEPAGE = NodeFactory.createURI("http://www.Producer1.com/");
    private static final Node SECTION = NodeFactory.createURI("http://example.org/doc#");
    private static final Node URN = NodeFactory.createURI("urn:isbn:");
    private static final Node CUSTOM = NodeFactory.createLiteralDT("12", new org.apache.jena.datatypes.BaseDatatype("http://example.org/units/"));
    private static final Node QUOTED = NodeFactory.createTripleTerm(iri("a"), iri("p"), HOMEPAGE);
    private static final Node PLAIN = iri("b");
    private static final Node TEXT = NodeFactory.createLiteralString("http://www.Producer1.com/");

    @Test
    void anIriEndingInADelimiterKeepsItInItsLocalName() {
        try (QuadStore store = QuadStore.open(dir.resolve("db"))) {
            byte[] b = new TermCodec(store.prefixes()).encode(HOMEPAGE, true);
            assertEquals("www.Producer1.com/", new String(b, TermLayout.iriLocal(0), b.length - TermLayout.iriLocal(0),
                    java.nio.charset.StandardCharsets.UTF_8));
            assertEquals("http://", store.prefixes().namespace(TermLayout.prefixId(b, 0)));
        }
    }

    /** A format-3 store holding the terms above, as format 3 wrote them. */
    private Path formatThreeStore() throws Exception {
        Path db = dir.resolve("three");
        try (QuadStore store = QuadStore.open(db)) {
            try (WriteTransaction w = store.beginWrite()) {
                w.add(null, iri("a"), iri("homepage"), HOMEPAGE);
                w.add(null, HOMEPAGE, iri("section"), SECTION);
                w.add(iri("g1"), URN, iri("weight"), CUSTOM);
                w.add(null, QUOTED, iri("says"), TEXT);
                w.add(null, PLAIN, iri("says"), TEXT);
                w.commit();
            }
        }
        OlderFormats.formatThree(db, List.of(HOMEPAGE, SECTION, URN, CUSTOM, QUOTED));
        return db;
    }

    @Test
    void formatThreeStoreIsRefusedThenUpgradedInPlace() throws Exception {
        Path old = formatThreeStore();
        refusedThenUpgraded(old, 3, 5);
        try (QuadStore store = QuadStore.open(old)) {
            try (ReadView v = store.newReadView()) {
                for (Node n : new Node[] {HOMEPAGE, SECTION, URN, CUSTOM, QUOTED, PLAIN, TEXT}) {
                    long id = v.lookup(n);
                    assertTrue(id != TermId.NONE && id > 0, "found after the upgrade: " + n);
                    assertEquals(n, v.decode(id));
                }
                long homepage = v.lookup(HOMEPAGE);
                try (QuadCursor c = v.find(TermId.NONE, TermId.NONE, homepage, TermId.DEFAULT_GRAPH)) {
                    assertTrue(c.next(), "the quad with the homepage as its object");
                    assertEquals(v.lookup(iri("a")), c.s());
                    assertFalse(c.next());
                }
            }
            try (WriteTransaction w = store.beginWrite()) {
                w.add(null, iri("c"), iri("homepage"), HOMEPAGE); // the same id, not a second term
                w.commit();
            }
            try (ReadView v = store.newReadView()) {
                try (QuadCursor c = v.find(TermId.NONE, TermId.NONE, v.lookup(HOMEPAGE), TermId.DEFAULT_GRAPH)) {
                    int n = 0;
                    while (c.next()) {
                        n++;
                    }
                    assertEquals(2, n);
                }
            }
            assertTrue(StoreValidator.validate(store).ok());
        }
        assertFalse(QuadStore.upgrade(old), "a second upgrade has nothing to do");
    }

    /** A format-4 store (TERM2ID keyed by term bytes): refused, upgraded, every term found again under its hash. */
    @Test
    void formatFourStoreIsRefusedThenUpgradedInPlace() throws Exception {
        Path old = dir.resolve("four");
        Node[] all = {HOMEPAGE, SECTION, URN, CUSTOM, QUOTED, PLAIN, TEXT};
        try (QuadStore store = QuadStore.open(old); WriteTransaction w = store.beginWrite()) {
            for (Node n : all) {
                w.add(null, n.isTripleTerm() || n.isLiteral() ? PLAIN : n, iri("has"), n);
            }
            w.commit();
        }
        OlderFormats.formatFour(old);
        refusedThenUpgraded(old, 4, all.length);
        try (QuadStore store = QuadStore.open(old)) {
            try (ReadView v = store.newReadView(); KvIterator it = v.kvReader().scan(new byte[] {KeyLayout.TAG_TERM2ID})) {
                int entries = 0;
                while (it.next()) {
                    assertEquals(KeyLayout.TERM2ID_KEY_LENGTH, it.key().length, "a format-4 key left over");
                    entries++;
                }
                assertEquals(keys(v, new byte[] {KeyLayout.TAG_ID2TERM}), entries);
                for (Node n : all) {
                    long id = v.lookup(n);
                    assertTrue(id != TermId.NONE && id > 0, "found after the upgrade: " + n);
                    assertEquals(n, v.decode(id));
                }
            }
            long terms;
            try (ReadView v = store.newReadView()) {
                terms = keys(v, new byte[] {KeyLayout.TAG_ID2TERM});
            }
            try (WriteTransaction w = store.beginWrite()) {
                w.add(null, iri("c"), iri("has"), HOMEPAGE); // the same ids, but for iri(c)
                w.commit();
            }
            assertTrue(StoreValidator.validate(store).ok());
            try (ReadView v = store.newReadView()) {
                assertEquals(terms + 1, keys(v, new byte[] {KeyLayout.TAG_ID2TERM}), "one new term: iri(c)");
            }
        }
        assertFalse(QuadStore.upgrade(old), "a second upgrade has nothing to do");
    }
}
