package dev.quarry.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.store.encoding.TermId;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cursor re-sought on many patterns returns exactly what a fresh find returns for each. */
class QuadCursorSeekTest {
    @TempDir
    Path dir;

    private static Node iri(String s) {
        return NodeFactory.createURI("http://example/" + s);
    }

    @Test
    void reseekMatchesFreshFindOnSnapshotAndInWriteTransaction() {
        try (QuadStore store = QuadStore.open(dir.resolve("s"))) {
            SplittableRandom r = new SplittableRandom(3);
            try (WriteTransaction w = store.beginWrite()) {
                for (int i = 0; i < 400; i++) {
                    Node g = r.nextInt(3) == 0 ? null : iri("g" + r.nextInt(2));
                    w.add(g, iri("s" + r.nextInt(20)), iri("p" + r.nextInt(4)), iri("o" + r.nextInt(30)));
                }
                w.commit();
            }
            try (ReadView view = store.newReadView()) {
                compare(view, new SplittableRandom(5));
            }
            try (WriteTransaction w = store.beginWrite()) {
                w.add(null, iri("s1"), iri("p1"), iri("new")); // uncommitted: read through the batch
                compare(w, new SplittableRandom(6));
                w.abort();
            }
        }
    }

    /**
     * The inner side of a join: the same positions bound, their values sought mostly in
     * increasing order (near or far, repeated, now and then backwards), with the scan
     * left anywhere between seeks. The cursor repositions without a seek when it can;
     * every result must still equal a fresh find.
     */
    @Test
    void joinLikeReseeksInKeyOrderMatchFreshFind() {
        try (QuadStore store = QuadStore.open(dir.resolve("j"))) {
            SplittableRandom r = new SplittableRandom(11);
            try (WriteTransaction w = store.beginWrite()) {
                for (int i = 0; i < 3000; i++) {
                    w.add(null, iri("s" + r.nextInt(300)), iri("p" + r.nextInt(3)), iri("o" + r.nextInt(40)));
                }
                w.commit();
            }
            try (ReadView view = store.newReadView()) {
                long[] subjects = new long[302];
                for (int i = 0; i < subjects.length; i++) {
                    subjects[i] = view.lookup(iri("s" + i)); // s300, s301 absent: NONE, then replaced below
                }
                java.util.Arrays.sort(subjects);
                long p1 = view.lookup(iri("p1"));
                long o7 = view.lookup(iri("o7"));
                int varyingS = 1 << dev.quarry.store.encoding.Permutation.S;
                for (long[] shape : new long[][] {{p1, o7, TermId.DEFAULT_GRAPH}, {p1, TermId.NONE, TermId.DEFAULT_GRAPH},
                        {p1, o7, TermId.NONE}, {TermId.NONE, TermId.NONE, TermId.NONE}}) {
                    try (QuadCursor reused = view.openCursor(varyingS)) {
                        int i = 0;
                        for (int step = 0; step < 600; step++) {
                            int move = r.nextInt(10);
                            i = move == 0 ? r.nextInt(subjects.length) : move < 3 ? i : Math.min(subjects.length - 1, i + r.nextInt(1, 4));
                            long s = subjects[i] == TermId.NONE ? o7 : subjects[i];
                            List<List<Long>> expected;
                            try (QuadCursor fresh = view.find(s, shape[0], shape[1], shape[2])) {
                                expected = drain(fresh);
                            }
                            reused.seek(s, shape[0], shape[1], shape[2]);
                            List<List<Long>> got = new ArrayList<>();
                            int stopAfter = r.nextInt(4) == 0 ? r.nextInt(2) : Integer.MAX_VALUE; // sometimes leave it mid-scan
                            while (got.size() < stopAfter && reused.next()) {
                                got.add(List.of(reused.s(), reused.p(), reused.o(), reused.g()));
                            }
                            assertEquals(expected.subList(0, Math.min(expected.size(), got.size() < stopAfter ? expected.size() : stopAfter)),
                                    got, "step " + step + " subject " + s);
                        }
                    }
                }
            }
        }
    }

    /**
     * {@link QuadCursor#seekObjects} gives the quads of the pattern whose object ids lie in
     * the range, on a snapshot (key-range scans) and through an uncommitted write batch
     * (rescanned prefixes), whatever the graph: compared as sets with a filtered find.
     */
    @Test
    void objectRangesMatchFilteredFindOnSnapshotAndInWriteTransaction() {
        try (QuadStore store = QuadStore.open(dir.resolve("r"))) {
            SplittableRandom r = new SplittableRandom(17);
            try (WriteTransaction w = store.beginWrite()) {
                for (int i = 0; i < 600; i++) {
                    Node g = r.nextInt(3) == 0 ? null : iri("g" + r.nextInt(2));
                    Node o = r.nextInt(5) == 0 ? iri("o" + r.nextInt(9))
                            : NodeFactory.createLiteralDT(Integer.toString(r.nextInt(-50, 50)),
                                    org.apache.jena.datatypes.xsd.XSDDatatype.XSDinteger);
                    w.add(g, iri("s" + r.nextInt(30)), iri("p" + r.nextInt(3)), o);
                }
                w.commit();
            }
            try (ReadView view = store.newReadView()) {
                compareRanges(view, new SplittableRandom(19));
            }
            try (WriteTransaction w = store.beginWrite()) {
                w.add(null, iri("s1"), iri("p1"), NodeFactory.createLiteralDT("7", org.apache.jena.datatypes.xsd.XSDDatatype.XSDinteger));
                compareRanges(w, new SplittableRandom(23));
                w.abort();
            }
        }
    }

    private static void compareRanges(QuadReader reader, SplittableRandom r) {
        try (QuadCursor reused = reader.openCursor()) {
            for (int i = 0; i < 300; i++) {
                long s = pick(reader, r, "s", 32);
                long p = r.nextInt(4) == 0 ? TermId.NONE : reader.lookup(iri("p" + r.nextInt(3)));
                long g = switch (r.nextInt(4)) {
                    case 0 -> TermId.NONE;
                    case 1 -> TermId.DEFAULT_GRAPH;
                    case 2 -> TermId.ANY_NAMED_GRAPH;
                    default -> pick(reader, r, "g", 2);
                };
                long a = TermId.inlineInteger(r.nextInt(-60, 60));
                long b = r.nextInt(6) == 0 ? TermId.lastOfKind(TermId.KIND_DICT) : TermId.inlineInteger(r.nextInt(-60, 60));
                long from = Long.compareUnsigned(a, b) <= 0 ? a : b;
                long to = from == a ? b : a;
                List<List<Long>> expected = new ArrayList<>();
                try (QuadCursor fresh = reader.find(s, p, TermId.NONE, g)) {
                    for (List<Long> q : drain(fresh)) {
                        if (Long.compareUnsigned(q.get(2), from) >= 0 && Long.compareUnsigned(q.get(2), to) <= 0) {
                            expected.add(q);
                        }
                    }
                }
                reused.seekObjects(s, p, g, from, to);
                List<List<Long>> got = drain(reused);
                expected.sort(QuadCursorSeekTest::byIds);
                got.sort(QuadCursorSeekTest::byIds);
                assertEquals(expected, got, "pattern " + s + " " + p + " " + g + " objects " + from + ".." + to);
            }
        }
    }

    private static int byIds(List<Long> x, List<Long> y) {
        for (int i = 0; i < 4; i++) {
            int c = Long.compare(x.get(i), y.get(i));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /**
     * A pattern binding all four positions (a join's existence check) gives the quad exactly
     * when a full scan has it: on a snapshot, on a cursor that also scans prefixes between
     * checks, and through a write batch with uncommitted adds and deletes and after a DROP
     * ALL in the same transaction.
     */
    @Test
    void fullyBoundPatternsAnswerAsTheScannedQuads() {
        try (QuadStore store = QuadStore.open(dir.resolve("b"))) {
            SplittableRandom r = new SplittableRandom(29);
            try (WriteTransaction w = store.beginWrite()) {
                for (int i = 0; i < 500; i++) {
                    Node g = r.nextInt(3) == 0 ? iri("g" + r.nextInt(2)) : null;
                    w.add(g, iri("s" + r.nextInt(25)), iri("p" + r.nextInt(3)), iri("o" + r.nextInt(25)));
                }
                w.commit();
            }
            try (ReadView view = store.newReadView()) {
                checkExistence(view, new SplittableRandom(31));
            }
            try (WriteTransaction w = store.beginWrite()) {
                w.add(null, iri("s1"), iri("p1"), iri("fresh"));
                w.add(iri("g1"), iri("s2"), iri("p2"), iri("o2"));
                w.delete(null, iri("s3"), iri("p0"), iri("o3"));
                checkExistence(w, new SplittableRandom(37));
                w.dropAll();
                w.add(null, iri("s4"), iri("p1"), iri("o4"));
                checkExistence(w, new SplittableRandom(41));
                w.abort();
            }
        }
    }

    private static void checkExistence(QuadReader reader, SplittableRandom r) {
        java.util.Set<List<Long>> all = new java.util.HashSet<>();
        try (QuadCursor scan = reader.find(TermId.NONE, TermId.NONE, TermId.NONE, TermId.NONE)) {
            all.addAll(drain(scan));
        }
        List<List<Long>> present = new ArrayList<>(all);
        int found = 0;
        try (QuadCursor reused = reader.openCursor()) {
            for (int i = 0; i < 400; i++) {
                long s, p, o, g;
                if (!present.isEmpty() && r.nextBoolean()) {
                    List<Long> q = present.get(r.nextInt(present.size()));
                    s = q.get(0);
                    p = q.get(1);
                    o = q.get(2);
                    g = q.get(3);
                } else {
                    s = reader.lookup(iri("s" + r.nextInt(26)));
                    p = reader.lookup(iri("p" + r.nextInt(3)));
                    o = reader.lookup(iri("o" + r.nextInt(26)));
                    g = r.nextBoolean() ? TermId.DEFAULT_GRAPH : reader.lookup(iri("g" + r.nextInt(2)));
                }
                if (s == TermId.NONE || p == TermId.NONE || o == TermId.NONE || g == TermId.NONE) {
                    continue; // a term the store lacks: no fully bound pattern to ask
                }
                List<Long> quad = List.of(s, p, o, g);
                List<List<Long>> expected = all.contains(quad) ? List.of(quad) : List.of();
                found += expected.size();
                reused.seek(s, p, o, g);
                assertEquals(expected, drain(reused), "pattern " + quad);
                try (QuadCursor fresh = reader.find(s, p, o, g)) {
                    assertEquals(expected, drain(fresh), "fresh pattern " + quad);
                }
                if (r.nextInt(3) == 0) {
                    reused.seek(s, p, TermId.NONE, TermId.NONE); // a prefix scan in between, left half read
                    reused.next();
                }
            }
        }
        if (!all.isEmpty()) {
            assertTrue(found > 20, "the check asked about quads that exist: " + found);
        }
    }

    @Test
    void nextBeforeAnySeekAndAfterTheEndIsFalse() {
        try (QuadStore store = QuadStore.open(dir.resolve("e")); ReadView view = store.newReadView();
                QuadCursor c = view.openCursor()) {
            assertFalse(c.next());
            c.seek(TermId.NONE, TermId.NONE, TermId.NONE, TermId.NONE);
            assertFalse(c.next());
            assertFalse(c.next());
        }
    }

    private static void compare(QuadReader reader, SplittableRandom r) {
        try (QuadCursor reused = reader.openCursor()) {
            for (int i = 0; i < 300; i++) {
                long s = pick(reader, r, "s", 22);
                long p = pick(reader, r, "p", 5);
                long o = pick(reader, r, "o", 32);
                long g = switch (r.nextInt(4)) {
                    case 0 -> TermId.NONE;
                    case 1 -> TermId.DEFAULT_GRAPH;
                    case 2 -> TermId.ANY_NAMED_GRAPH;
                    default -> pick(reader, r, "g", 2);
                };
                List<List<Long>> expected;
                try (QuadCursor fresh = reader.find(s, p, o, g)) {
                    expected = drain(fresh);
                }
                reused.seek(s, p, o, g);
                if (r.nextBoolean()) {
                    reused.next(); // a partly read scan must not leak into the next seek
                    reused.seek(s, p, o, g);
                }
                assertEquals(expected, drain(reused), "pattern " + s + " " + p + " " + o + " " + g);
            }
        }
    }

    /** A wildcard half of the time, else the id of a random term (maybe absent: then a pattern with no match). */
    private static long pick(QuadReader reader, SplittableRandom r, String kind, int n) {
        if (r.nextBoolean()) {
            return TermId.NONE;
        }
        long id = reader.lookup(iri(kind + r.nextInt(n)));
        return id == TermId.NONE ? reader.lookup(iri("o0")) : id;
    }

    private static List<List<Long>> drain(QuadCursor c) {
        List<List<Long>> out = new ArrayList<>();
        while (c.next()) {
            out.add(List.of(c.s(), c.p(), c.o(), c.g()));
        }
        return out;
    }
}
