package dev.quarry.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.fail;

import dev.quarry.store.PredicateTable.Key;
import dev.quarry.store.encoding.TermId;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The in-memory tables of a predicate by subject and by object: read once the seeks have paid for
 * them, answering exactly what a seek on the same view would, never served to a view of
 * another store version.
 */
class PredicateTablesTest {
    @TempDir
    Path dir;

    private static Node iri(String s) {
        return NodeFactory.createURI("http://example.org/" + s);
    }

    @Test
    void aTableIsReadOnceTheSeeksPayForItAndAnswersAsSeeksDo() {
        try (QuadStore store = QuadStore.open(dir.resolve("db"))) {
            try (WriteTransaction w = store.beginWrite()) {
                for (int i = 0; i < 40; i++) {
                    w.add(null, iri("s" + i), iri("p"), iri("o" + (i % 7)));
                    if (i % 3 == 0) {
                        w.add(null, iri("s" + i), iri("p"), iri("x" + i)); // a second object
                    }
                    w.add(iri("g"), iri("s" + i), iri("p"), iri("named" + i)); // another graph
                    w.add(null, iri("s" + i), iri("q"), iri("o0")); // another predicate
                }
                w.commit();
            }
            try (ReadView v = store.newReadView()) {
                long p = v.lookup(iri("p"));
                long quads = v.predicateStats(p).quads();
                assertEquals(40 + 14 + 40, quads);
                int seeksToPay = (int) ((quads + PredicateTables.SEEK_COST_IN_QUADS - 1) / PredicateTables.SEEK_COST_IN_QUADS);
                assertNull(v.predicateTable(Key.SUBJECT, p, TermId.DEFAULT_GRAPH, seeksToPay - 1), "the seeks do not pay for the table yet");
                PredicateTable t = v.predicateTable(Key.SUBJECT, p, TermId.DEFAULT_GRAPH, 1);
                assertNotNull(t, "now they do");
                assertEquals(54, t.quads(), "the default graph's quads of p only");
                for (int i = 0; i < 41; i++) {
                    long s = i < 40 ? v.lookup(iri("s" + i)) : v.lookup(iri("o0"));
                    assertEquals(seekObjects(v, s, p, TermId.DEFAULT_GRAPH), tableObjects(t, s), "subject " + i);
                }
                assertSame(t, v.predicateTable(Key.SUBJECT, p, TermId.DEFAULT_GRAPH, 1), "read once, then shared");
                assertNull(v.predicateTable(Key.OBJECT, p, TermId.DEFAULT_GRAPH, seeksToPay - 1), "by object: its own seeks");
                PredicateTable byObject = v.predicateTable(Key.OBJECT, p, TermId.DEFAULT_GRAPH, 1);
                assertEquals(54, byObject.quads());
                for (int i = 0; i < 8; i++) {
                    long o = i < 7 ? v.lookup(iri("o" + i)) : v.lookup(iri("s5")); // s5: no object of p
                    assertEquals(seekSubjects(v, o, p, TermId.DEFAULT_GRAPH), tableObjects(byObject, o), "object " + i);
                }
                long x3 = v.lookup(iri("x3"));
                assertEquals(List.of(v.lookup(iri("s3"))), tableObjects(byObject, x3));
                long g = v.lookup(iri("g"));
                assertNull(v.predicateTable(Key.SUBJECT, p, g, 1), "another graph is another table, not paid for yet");
                assertNull(v.predicateTable(Key.SUBJECT, p, TermId.ANY_NAMED_GRAPH, 1_000), "never for the union of named graphs");
            }
        }
    }

    @Test
    void aCommitStartsTheTablesOverAndAnOlderViewGetsNone() {
        try (QuadStore store = QuadStore.open(dir.resolve("db"))) {
            add(store, 0, 10);
            long p, s3;
            try (ReadView v = store.newReadView()) {
                p = v.lookup(iri("p"));
                s3 = v.lookup(iri("s3"));
                assertNotNull(v.predicateTable(Key.SUBJECT, p, TermId.DEFAULT_GRAPH, 100));
            }
            try (ReadView before = store.newReadView()) {
                try (WriteTransaction w = store.beginWrite()) {
                    w.add(null, iri("s3"), iri("p"), iri("new"));
                    w.commit();
                }
                try (ReadView after = store.newReadView()) {
                    PredicateTable t = after.predicateTable(Key.SUBJECT, p, TermId.DEFAULT_GRAPH, 100);
                    assertNotNull(t);
                    assertEquals(2, tableObjects(t, s3).size(), "the table of the new version holds the commit");
                    assertEquals(seekObjects(after, s3, p, TermId.DEFAULT_GRAPH), tableObjects(t, s3));
                }
                assertNull(before.predicateTable(Key.SUBJECT, p, TermId.DEFAULT_GRAPH, 100), "a view of the older version seeks");
                assertEquals(1, seekObjects(before, s3, p, TermId.DEFAULT_GRAPH).size());
            }
            store.dropAll();
            try (ReadView v = store.newReadView()) {
                PredicateTable t = v.predicateTable(Key.SUBJECT, p, TermId.DEFAULT_GRAPH, 100);
                assertEquals(0, t.quads(), "no quads of p after DROP ALL");
                assertEquals(-1, t.first(s3));
            }
        }
    }

    @Test
    void aLargePredicateIsReadInTheBackgroundWhileQueriesSeek() {
        int subjects = PredicateTables.READ_IN_QUERY_QUADS + 500;
        try (QuadStore store = QuadStore.open(dir.resolve("db"))) {
            add(store, 0, subjects);
            try (ReadView v = store.newReadView()) {
                long p = v.lookup(iri("p"));
                assertNull(v.predicateTable(Key.SUBJECT, p, TermId.DEFAULT_GRAPH, subjects), "paid for, but read in the background");
                store.awaitTableReads();
                PredicateTable t = v.predicateTable(Key.SUBJECT, p, TermId.DEFAULT_GRAPH, 1);
                assertNotNull(t, "held once read");
                assertEquals(subjects, t.quads());
                for (int i = 0; i < subjects; i += 97) {
                    long s = v.lookup(iri("s" + i));
                    assertEquals(seekObjects(v, s, p, TermId.DEFAULT_GRAPH), tableObjects(t, s), "subject " + i);
                }
            }
        }
    }

    @Test
    void aStoreClosesWhileATableIsReadInTheBackground() {
        int subjects = 3 * PredicateTables.READ_IN_QUERY_QUADS;
        QuadStore store = QuadStore.open(dir.resolve("db"));
        add(store, 0, subjects);
        try (ReadView v = store.newReadView()) {
            long p = v.lookup(iri("p"));
            assertNull(v.predicateTable(Key.SUBJECT, p, TermId.DEFAULT_GRAPH, subjects));
        }
        store.close(); // waits for (or stops) the read before the database closes
        try (QuadStore again = QuadStore.open(dir.resolve("db")); ReadView v = again.newReadView()) {
            assertEquals(subjects, v.predicateStats(v.lookup(iri("p"))).quads(), "the store is whole");
        }
    }

    @Test
    void aWriteTransactionHasNoTables() {
        try (QuadStore store = QuadStore.open(dir.resolve("db"))) {
            add(store, 0, 10);
            try (WriteTransaction w = store.beginWrite()) {
                long p = w.lookup(iri("p"));
                assertNull(w.predicateTable(Key.SUBJECT, p, TermId.DEFAULT_GRAPH, 1_000), "its own writes are not in any table");
            }
        }
    }

    @Test
    void tooLargeOrOverBudgetIsNotRead() {
        PredicateTables small = new PredicateTables(PredicateTable.bytesFor(100), PredicateTablesTest::noBackgroundRead);
        assertNull(small.get(1, Key.SUBJECT, 5, TermId.DEFAULT_GRAPH, 1 << 20, PredicateTables.MAX_TABLE_QUADS + 1L, PredicateTablesTest::noScan),
                "a predicate above the size limit is never read");
        assertNull(small.get(1, Key.SUBJECT, 6, TermId.DEFAULT_GRAPH, 1 << 20, 1_000, PredicateTablesTest::noScan),
                "a table above the byte budget is not read");
        assertEquals(0, small.bytes());
    }

    @Test
    void moreQuadsThanTheStatisticsSayAreGivenUp() {
        PredicateTables tables = new PredicateTables(64L << 20, PredicateTablesTest::noBackgroundRead);
        assertNull(tables.get(1, Key.SUBJECT, 5, TermId.DEFAULT_GRAPH, 1 << 20, 10, () -> quads(10 + 1024 + 1)),
                "the statistics said 10 quads, the scan went on");
        assertNull(tables.get(1, Key.SUBJECT, 5, TermId.DEFAULT_GRAPH, 1 << 20, 10, PredicateTablesTest::noScan),
                "and it is not read again at this version");
        assertEquals(0, tables.bytes());
        PredicateTable t = tables.get(1, Key.SUBJECT, 6, TermId.DEFAULT_GRAPH, 1 << 20, 10, () -> quads(12));
        assertEquals(12, t.quads(), "a few more than counted are read");
        assertEquals(t.bytes(), tables.bytes());
    }

    @Test
    void aReadThatFailsIsTriedAgainLater() {
        PredicateTables tables = new PredicateTables(64L << 20, PredicateTablesTest::noBackgroundRead);
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> tables.get(1, Key.OBJECT, 5, TermId.DEFAULT_GRAPH, 1 << 20, 10, () -> {
                    throw new IllegalStateException("the view was closed");
                }));
        assertEquals("the view was closed", e.getMessage());
        assertEquals(0, tables.bytes(), "nothing kept");
        PredicateTable t = tables.get(1, Key.OBJECT, 5, TermId.DEFAULT_GRAPH, 1, 10, () -> quads(10));
        assertNotNull(t, "the next seek reads it");
        assertEquals(List.of(3L), List.of(t.value(t.first(102))), "keyed by object: the subject of object 102");
    }

    /** The views for reads in the background: none is expected of predicates this small. */
    private static ReadView noBackgroundRead() {
        fail("a predicate of at most " + PredicateTables.READ_IN_QUERY_QUADS + " quads is read in the query");
        return null;
    }

    /** A cursor over {@code n} quads (i, 5, i + 100, default graph). */
    private static QuadCursor quads(int n) {
        return new QuadCursor() {
            private int i = -1;

            @Override
            public void seek(long s, long p, long o, long g) {
                throw new UnsupportedOperationException();
            }

            @Override
            public void seekObjects(long s, long p, long g, long oFrom, long oTo) {
                throw new UnsupportedOperationException();
            }

            @Override
            public boolean next() {
                return ++i < n;
            }

            @Override
            public long s() {
                return i + 1;
            }

            @Override
            public long p() {
                return 5;
            }

            @Override
            public long o() {
                return i + 100;
            }

            @Override
            public long g() {
                return TermId.DEFAULT_GRAPH;
            }

            @Override
            public void close() {
            }
        };
    }

    private static QuadCursor noScan() {
        fail("nothing should be read");
        return null;
    }

    private static List<Long> seekObjects(QuadReader r, long s, long p, long g) {
        List<Long> out = new ArrayList<>();
        try (QuadCursor c = r.find(s, p, TermId.NONE, g)) {
            while (c.next()) {
                out.add(c.o());
            }
        }
        return out;
    }

    private static List<Long> seekSubjects(QuadReader r, long o, long p, long g) {
        List<Long> out = new ArrayList<>();
        try (QuadCursor c = r.find(TermId.NONE, p, o, g)) {
            while (c.next()) {
                out.add(c.s());
            }
        }
        return out;
    }

    private static List<Long> tableObjects(PredicateTable t, long s) {
        List<Long> out = new ArrayList<>();
        for (int i = t.first(s); i >= 0; i = t.next(i)) {
            out.add(t.value(i));
        }
        return out;
    }

    private static void add(QuadStore store, int from, int to) {
        try (WriteTransaction w = store.beginWrite()) {
            for (int i = from; i < to; i++) {
                w.add(null, iri("s" + i), iri("p"), iri("o" + i));
            }
            w.commit();
        }
    }
}
