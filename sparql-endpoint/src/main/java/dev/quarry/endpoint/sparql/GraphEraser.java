package dev.quarry.endpoint.sparql;

import dev.quarry.store.QuadCursor;
import dev.quarry.store.QuadReader;
import dev.quarry.store.WriteTransaction;
import dev.quarry.store.encoding.TermId;
import java.util.Arrays;

/** Graph-level checks and deletes inside a store write transaction. */
final class GraphEraser {
    private GraphEraser() {}

    /** The graph's id in {@code txn}, or NONE if the store does not know it. */
    private static long graphId(QuadReader txn, GraphTarget target) {
        return target.kind() == GraphTarget.Kind.DEFAULT ? TermId.DEFAULT_GRAPH : txn.lookup(target.graph());
    }

    /** Whether the graph has a quad (the default graph always exists). */
    static boolean exists(QuadReader txn, GraphTarget target) {
        if (target.kind() == GraphTarget.Kind.DEFAULT) {
            return true;
        }
        long g = graphId(txn, target);
        return g != TermId.NONE && txn.contains(TermId.NONE, TermId.NONE, TermId.NONE, g);
    }

    /**
     * Deletes every quad of the graph. The quads are collected first (32 bytes each) so
     * that no cursor reads the batch while it is being changed.
     */
    static void erase(WriteTransaction txn, GraphTarget target) {
        long g = graphId(txn, target);
        if (g == TermId.NONE) {
            return;
        }
        long[] quads = new long[1024];
        int n = 0;
        try (QuadCursor c = txn.find(TermId.NONE, TermId.NONE, TermId.NONE, g)) {
            while (c.next()) {
                if (n + 3 >= quads.length) {
                    quads = Arrays.copyOf(quads, quads.length * 2);
                }
                quads[n++] = c.s();
                quads[n++] = c.p();
                quads[n++] = c.o();
            }
        }
        for (int i = 0; i < n; i += 3) {
            txn.delete(quads[i], quads[i + 1], quads[i + 2], g);
        }
    }
}
