package dev.quarry.loader.sort;

import dev.quarry.store.encoding.Permutation;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns one batch of encoded quads into six sorted runs. Usually the quads are packed into
 * one long each through {@link ColumnRanks}: SPOG is one {@link RadixSort} of longs (which
 * also finds duplicates, so later orders handle distinct quads only), POSG and OSPG are
 * re-packed by shifts and sorted the same way, and the graph-first orders GSPO, GPOS and
 * GOSP are derived from SPOG, POSG and OSPG by a linear counting pass, without the
 * default graph's quads (those indexes hold named graphs only: {@link Permutation#holds}).
 * A batch whose ranks do not fit in a long (many distinct values in every column) is
 * halved until they do.
 * One per worker: owns scratch arrays as large as the batch.
 */
public final class BatchSorter {
    private static final Permutation[][] ORDERS = {
        {Permutation.SPOG, Permutation.GSPO},
        {Permutation.POSG, Permutation.GPOS},
        {Permutation.OSPG, Permutation.GOSP}};

    private final ColumnRanks ranks = new ColumnRanks();
    private long[] spog = new long[0];
    private long[] keys = new long[0];
    private long[] graphFirst = new long[0];

    /**
     * Scratch bytes per quad of a batch, besides the batch's own 32: a bound for typical
     * batches, as the rank tables grow with the distinct values of a column.
     */
    public static final int SCRATCH_BYTES_PER_QUAD = 96;

    /**
     * @param quads {@code (s, p, o, g)} tuples, {@code n} of them; overwritten
     * @return a run per index that holds some of the quads (the graph-first ones none when all
     *     are in the default graph), more when the batch was sorted in parts
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
        return sortFlipped(quads, n);
    }

    private List<SortedRun> sortFlipped(long[] quads, int n) {
        if (ranks.build(quads, n, spog)) {
            return sortPacked(quads, n);
        }
        // Each half has fewer distinct values per column, about 4 bits fewer in all; this ends
        // by 2^15 quads at the latest, where four ranks need at most 60 bits.
        int half = n / 2;
        List<SortedRun> out = new ArrayList<>(sortFlipped(quads, half));
        System.arraycopy(quads, half * 4, quads, 0, (n - half) * 4);
        out.addAll(sortFlipped(quads, n - half));
        return out;
    }

    private List<SortedRun> sortPacked(long[] quads, int n) {
        RadixSort.sort(spog, n, keys, ranks.totalBits()); // keys is free until the next order's repack
        int m = distinct(spog, n);
        List<SortedRun> out = new ArrayList<>(6);
        for (Permutation[] pair : ORDERS) {
            long[] k = spog;
            if (pair[0] != Permutation.SPOG) {
                ranks.repack(Permutation.SPOG, pair[0], spog, m, keys);
                // graphFirst is free until this order's graph-first run: the radix sort's scratch
                RadixSort.sort(keys, m, graphFirst, ranks.totalBits());
                k = keys;
            }
            out.add(run(pair[0], k, m, quads));
            ranks.graphFirst(k, m, graphFirst);
            int named = ranks.dropDefaultGraph(graphFirst, m);
            if (named > 0) {
                out.add(run(pair[1], graphFirst, named, quads));
            }
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
}
