package dev.quarry.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.fail;

import dev.quarry.store.encoding.TermId;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The in-memory tables of a predicate's objects by subject: read once the seeks have paid for
 * them, answering exactly what a seek on the same view would, never served to a view of
 * another store version.
 */
class SubjectTablesTest {
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
                int seeksToPay = (int) ((quads + SubjectTables.SEEK_COST_IN_QUADS - 1) / SubjectTables.SEEK_COST_IN_QUADS);
                assertNull(v.subjectTable(p, TermId.DEFAULT_GRAPH, seeksToPay - 1), "the seeks do not pay for the table yet");
                SubjectTable t = v.subjectTable(p, TermId.DEFAULT_GRAPH, 1);
                assertNotNull(t, "now they do");
                assertEquals(54, t.quads(), "the default graph's quads of p only");
                for (int i = 0; i < 41; i++) {
                    long s = i < 40 ? v.lookup(iri("s" + i)) : v.lookup(iri("o0"));
                    assertEquals(seekObjects(v, s, p, TermId.DEFAULT_GRAPH), tableObjects(t, s), "subject " + i);
                }
                assertSame(t, v.subjectTable(p, TermId.DEFAULT_GRAPH, 1), "read once, then shared");
                long g = v.lookup(iri("g"));
                assertNull(v.subjectTable(p, g, 1), "another graph is another table, not paid for yet");
                assertNull(v.subjectTable(p, TermId.ANY_NAMED_GRAPH, 1_000), "never for the union of named graphs");
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
                assertNotNull(v.subjectTable(p, TermId.DEFAULT_GRAPH, 100));
            }
            try (ReadView before = store.newReadView()) {
                try (WriteTransaction w = store.beginWrite()) {
                    w.add(null, iri("s3"), iri("p"), iri("new"));
                    w.commit();
                }
                try (ReadView after = store.newReadView()) {
                    SubjectTable t = after.subjectTable(p, TermId.DEFAULT_GRAPH, 100);
                    assertNotNull(t);
                    assertEquals(2, tableObjects(t, s3).size(), "the table of the new version holds the commit");
                    assertEquals(seekObjects(after, s3, p, TermId.DEFAULT_GRAPH), tableObjects(t, s3));
                }
                assertNull(before.subjectTable(p, TermId.DEFAULT_GRAPH, 100), "a view of the older version seeks");
                assertEquals(1, seekObjects(before, s3, p, TermId.DEFAULT_GRAPH).size());
            }
            store.dropAll();
            try (ReadView v = store.newReadView()) {
                SubjectTable t = v.subjectTable(p, TermId.DEFAULT_GRAPH, 100);
                assertEquals(0, t.quads(), "no quads of p after DROP ALL");
                assertEquals(-1, t.first(s3));
            }
        }
    }

    @Test
    void aWriteTransactionHasNoTables() {
        try (QuadStore store = QuadStore.open(dir.resolve("db"))) {
            add(store, 0, 10);
            try (WriteTransaction w = store.beginWrite()) {
                long p = w.lookup(iri("p"));
                assertNull(w.subjectTable(p, TermId.DEFAULT_GRAPH, 1_000), "its own writes are not in any table");
            }
        }
    }

    @Test
    void tooLargeOrOverBudgetIsNotRead() {
        SubjectTables small = new SubjectTables(SubjectTable.bytesFor(100));
        assertNull(small.get(1, 5, TermId.DEFAULT_GRAPH, 1 << 20, SubjectTables.MAX_TABLE_QUADS + 1L, SubjectTablesTest::noScan, () -> { }),
                "a predicate above the size limit is never read");
        assertNull(small.get(1, 6, TermId.DEFAULT_GRAPH, 1 << 20, 1_000, SubjectTablesTest::noScan, () -> { }),
                "a table above the byte budget is not read");
        assertEquals(0, small.bytes());
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

    private static List<Long> tableObjects(SubjectTable t, long s) {
        List<Long> out = new ArrayList<>();
        for (int i = t.first(s); i >= 0; i = t.next(i)) {
            out.add(t.object(i));
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
