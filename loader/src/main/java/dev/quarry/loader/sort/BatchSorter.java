package dev.quarry.loader.sort;

import dev.quarry.store.encoding.Permutation;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns one batch of encoded quads into six sorted runs. The batch is sorted in place in
 * SPOG order first, which also drops duplicates, so later orders handle distinct quads
 * only. POSG and OSPG are sorted; the graph-first orders GSPO, GPOS and GOSP are derived
 * from SPOG, POSG and OSPG by {@link GraphBuckets} in linear time. One per worker: owns
 * two scratch arrays as large as the batch.
 */
public final class BatchSorter {
    private long[] sorted = new long[0];
    private long[] grouped = new long[0];
    private final GraphBuckets buckets = new GraphBuckets();

    /**
     * @param quads {@code (s, p, o, g)} tuples, {@code n} of them; overwritten
     * @return the six runs
     */
    public List<SortedRun> sort(long[] quads, int n) {
        for (int i = 0; i < n * 4; i++) {
            quads[i] ^= Long.MIN_VALUE; // signed order of flipped ids = unsigned order
        }
        int m = TupleSort.sortDistinct(quads, n);
        if (sorted.length < m * 4) {
            sorted = new long[quads.length];
            grouped = new long[quads.length];
        }
        List<SortedRun> out = new ArrayList<>(6);
        out.add(RunEncoder.encode(Permutation.SPOG, quads, m));
        buckets.regroup(quads, m, grouped);
        out.add(RunEncoder.encode(Permutation.GSPO, grouped, m));
        for (Permutation[] pair : new Permutation[][] {{Permutation.POSG, Permutation.GPOS}, {Permutation.OSPG, Permutation.GOSP}}) {
            Permutation perm = pair[0];
            int p0 = perm.position(0), p1 = perm.position(1), p2 = perm.position(2), p3 = perm.position(3);
            for (int i = 0, x = 0; i < m; i++, x += 4) {
                sorted[x] = quads[x + p0];
                sorted[x + 1] = quads[x + p1];
                sorted[x + 2] = quads[x + p2];
                sorted[x + 3] = quads[x + p3];
            }
            TupleSort.sortDistinct(sorted, m);
            out.add(RunEncoder.encode(perm, sorted, m));
            buckets.regroup(sorted, m, grouped);
            out.add(RunEncoder.encode(pair[1], grouped, m));
        }
        return out;
    }
}
