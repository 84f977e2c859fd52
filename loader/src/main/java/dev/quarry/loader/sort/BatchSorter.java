package dev.quarry.loader.sort;

import dev.quarry.store.encoding.Permutation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Turns one batch of encoded quads into six sorted runs. Usually the quads are packed into
 * one long each through {@link ColumnRanks}: SPOG is one {@code Arrays.sort} of longs (which
 * also finds duplicates, so later orders handle distinct quads only), POSG and OSPG are
 * re-packed by shifts and sorted the same way, and the graph-first orders GSPO, GPOS and
 * GOSP are derived from SPOG, POSG and OSPG by a linear counting pass. Batches whose ranks
 * do not fit in a long are sorted as tuples ({@link TupleSort}, with {@link GraphBuckets}).
 * One per worker: owns scratch arrays as large as the batch.
 */
public final class BatchSorter {
    private static final Permutation[][] DERIVED = {
        {Permutation.SPOG, Permutation.GSPO}, {Permutation.POSG, Permutation.GPOS}, {Permutation.OSPG, Permutation.GOSP}};

    private final ColumnRanks ranks = new ColumnRanks();
    private long[] spog = new long[0];
    private long[] keys = new long[0];
    private long[] graphFirst = new long[0];
    private long[] sorted = new long[0];
    private long[] grouped = new long[0];
    private final GraphBuckets buckets = new GraphBuckets();

    /** Scratch bytes per quad of a batch, besides the batch's own 32 (a bound for typical batches: the rank tables grow with distinct values). */
    public static final int SCRATCH_BYTES_PER_QUAD = 96;

    /**
     * @param quads {@code (s, p, o, g)} tuples, {@code n} of them; overwritten
     * @return the six runs
     */
    public List<SortedRun> sort(long[] quads, int n) {
        for (int i = 0; i < n * 4; i++) {
            quads[i] ^= Long.MIN_VALUE; // signed order of flipped ids = unsigned order
        }
        if (spog.length < n) {
            spog = new long[n];
            keys = new long[n];
            graphFirst = new long[n];
        }
        if (ranks.build(quads, n, spog)) {
            return sortPacked(quads, n);
        }
        return sortTuples(quads, n);
    }

    private List<SortedRun> sortPacked(long[] quads, int n) {
        Arrays.sort(spog, 0, n);
        int m = distinct(spog, n);
        List<SortedRun> out = new ArrayList<>(6);
        for (Permutation[] pair : DERIVED) {
            long[] k = spog;
            if (pair[0] != Permutation.SPOG) {
                ranks.repack(Permutation.SPOG, pair[0], spog, m, keys);
                Arrays.sort(keys, 0, m);
                k = keys;
            }
            out.add(run(pair[0], k, m, quads));
            ranks.graphFirst(k, m, graphFirst);
            out.add(run(pair[1], graphFirst, m, quads));
        }
        return out;
    }

    private SortedRun run(Permutation perm, long[] packed, int m, long[] tuples) {
        ranks.unpack(perm, packed, m, tuples);
        return RunEncoder.encode(perm, tuples, m);
    }

    private static int distinct(long[] a, int n) {
        if (n == 0) {
            return 0;
        }
        int w = 1;
        for (int r = 1; r < n; r++) {
            if (a[r] != a[w - 1]) {
                a[w++] = a[r];
            }
        }
        return w;
    }

    private List<SortedRun> sortTuples(long[] quads, int n) {
        int m = TupleSort.sortDistinct(quads, n);
        if (sorted.length < m * 4) {
            spog = keys = graphFirst = new long[0]; // give the packed path's scratch back first
            sorted = new long[quads.length];
            grouped = new long[quads.length];
        }
        List<SortedRun> out = new ArrayList<>(6);
        out.add(RunEncoder.encode(Permutation.SPOG, quads, m));
        buckets.regroup(quads, m, grouped);
        out.add(RunEncoder.encode(Permutation.GSPO, grouped, m));
        for (Permutation[] pair : new Permutation[][] {DERIVED[1], DERIVED[2]}) {
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
