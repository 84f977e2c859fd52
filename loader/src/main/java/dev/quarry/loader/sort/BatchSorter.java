package dev.quarry.loader.sort;

import dev.quarry.store.encoding.Permutation;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns one batch of encoded quads into six sorted runs. The batch is sorted in place in
 * SPOG order first, which also drops duplicates, so the other five orders sort only
 * distinct quads. One per worker: owns a scratch array as large as the batch.
 */
public final class BatchSorter {
    private long[] scratch = new long[0];

    /**
     * @param quads {@code (s, p, o, g)} tuples, {@code n} of them; overwritten
     * @return the six runs, SPOG first
     */
    public List<SortedRun> sort(long[] quads, int n) {
        for (int i = 0; i < n * 4; i++) {
            quads[i] ^= Long.MIN_VALUE; // signed order of flipped ids = unsigned order
        }
        int m = TupleSort.sortDistinct(quads, n);
        List<SortedRun> out = new ArrayList<>(6);
        out.add(RunEncoder.encode(Permutation.SPOG, quads, m));
        if (scratch.length < m * 4) {
            scratch = new long[quads.length];
        }
        for (Permutation perm : Permutation.values()) {
            if (perm == Permutation.SPOG) {
                continue;
            }
            int p0 = perm.position(0), p1 = perm.position(1), p2 = perm.position(2), p3 = perm.position(3);
            for (int i = 0, x = 0; i < m; i++, x += 4) {
                scratch[x] = quads[x + p0];
                scratch[x + 1] = quads[x + p1];
                scratch[x + 2] = quads[x + p2];
                scratch[x + 3] = quads[x + p3];
            }
            int k = TupleSort.sortDistinct(scratch, m);
            out.add(RunEncoder.encode(perm, scratch, k));
        }
        return out;
    }
}
