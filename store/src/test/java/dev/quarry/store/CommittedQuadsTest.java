package dev.quarry.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.Permutation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.jena.graph.NodeFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bulk session's merge walk answers exactly what a point read would, for every gap size. */
class CommittedQuadsTest {
    @TempDir
    Path dir;

    @Test
    void mergeWalkAgreesWithPointReads() {
        try (QuadStore store = QuadStore.open(dir.resolve("s"))) {
            List<long[]> committed = new ArrayList<>();
            try (WriteTransaction w = store.beginWrite()) {
                for (int i = 0; i < 300; i += 3) { // every third subject: gaps of 2
                    w.add(null, NodeFactory.createURI("urn:s" + i), NodeFactory.createURI("urn:p"), NodeFactory.createURI("urn:o"));
                }
                w.commit();
            }
            try (ReadView v = store.newReadView(); QuadCursor c = v.find(0, 0, 0, 0)) {
                while (c.next()) {
                    committed.add(new long[] {c.s(), c.p(), c.o(), c.g()});
                }
            }
            // Queries: every committed quad, plus quads just before and after it, and a run of
            // absent ones long enough to force a seek, in increasing SPOG order.
            List<long[]> queries = new ArrayList<>();
            for (long[] q : committed) {
                queries.add(new long[] {q[0], q[1], q[2] - 1, q[3]});
                queries.add(q);
                queries.add(new long[] {q[0], q[1], q[2] + 1, q[3]});
            }
            queries.sort((a, b) -> Arrays.compareUnsigned(KeyLayout.quadKey(Permutation.SPOG, a), KeyLayout.quadKey(Permutation.SPOG, b)));
            int found = 0;
            try (BulkSession session = store.beginBulk(); BulkSession.CommittedQuads walk = session.committedQuads();
                 ReadView v = store.newReadView()) {
                for (int i = 0; i < queries.size(); i++) {
                    long[] q = queries.get(i);
                    boolean expected = v.contains(q[0], q[1], q[2], q[3]);
                    assertEquals(expected, walk.contains(q), "query " + i);
                    found += expected ? 1 : 0;
                }
            }
            assertEquals(committed.size(), found);
            // Sparse queries: each jumps over more committed quads than the walk steps before seeking.
            try (BulkSession session = store.beginBulk(); BulkSession.CommittedQuads walk = session.committedQuads()) {
                for (int i = 0; i < queries.size(); i += 31) {
                    assertEquals(i % 3 == 1, walk.contains(queries.get(i)), "sparse query " + i);
                }
            }
        }
    }
}
