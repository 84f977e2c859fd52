package dev.quarry.loader.sort;

import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermId;
import java.util.Arrays;

/**
 * Turns a batch of quads into one long per quad: each column (S, P, O, G) is replaced by its
 * rank among the batch's distinct values of that column, and the four ranks are packed in a
 * key order. Ranks keep the order of the ids, so sorting the packed longs sorts the quads, with
 * {@code Arrays.sort(long[])} instead of a tuple quicksort that compares up to four longs a
 * step, and the packed keys of one order turn into another order by shifts alone.
 *
 * <p>This works when the ranks fit in 63 bits together: a batch of a million quads has far
 * fewer distinct predicates and graphs than quads, so typical batches need 40 to 60 bits;
 * {@link #build} says false otherwise and the caller sorts tuples. One per worker; reuses its
 * arrays between batches.
 */
final class ColumnRanks {
    /** Bits per column: with them the four ranks of a quad fill at most 63 bits. */
    final int[] bits = new int[4];
    /** Per column, its distinct values in sorted order (ids with flipped sign bits). */
    private final long[][] values = new long[4][];
    private long[] tableKeys = new long[0];
    private int[] tableSlots = new int[0];
    private int[] slotRank = new int[0];
    private int[] slotOf = new int[0];
    private long[] distinct = new long[0];

    /**
     * Ranks the columns of {@code quads[0 .. 4n)} (ids with flipped sign bits) and writes the
     * quads packed in SPOG order to {@code spog[0 .. n)} (unsorted).
     *
     * @return false if the ranks need more than 63 bits together (then nothing is usable)
     */
    boolean build(long[] quads, int n, long[] spog) {
        if (slotOf.length < n) {
            slotOf = new int[n];
            slotRank = new int[n];
            distinct = new long[n];
        }
        Arrays.fill(spog, 0, n, 0L);
        int total = 0;
        for (int c = 0; c < 4; c++) { // S, P, O, G: each column shifts the earlier ones left
            int d = rankColumn(quads, n, c);
            bits[c] = d <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(d - 1);
            total += bits[c];
            if (total > 63) {
                return false;
            }
            int b = bits[c];
            for (int i = 0; i < n; i++) {
                spog[i] = (spog[i] << b) | slotRank[slotOf[i]];
            }
        }
        return true;
    }

    /** Bits of a packed key: every key of the batch is below {@code 2^totalBits()}. */
    int totalBits() {
        return bits[0] + bits[1] + bits[2] + bits[3];
    }

    /** Re-packs {@code in[0 .. m)}, keys of order {@code from}, in order {@code to} into {@code out}. */
    void repack(Permutation from, Permutation to, long[] in, int m, long[] out) {
        int[] fromShift = shifts(from), toShift = shifts(to);
        int[] move = new int[4]; // per column: shift in "from", then shift in "to"
        long[] mask = new long[4];
        int[] target = new int[4];
        for (int slot = 0; slot < 4; slot++) {
            int c = from.position(slot);
            move[slot] = fromShift[slot];
            mask[slot] = (1L << bits[c]) - 1;
            target[slot] = toShift[to.slotOf(c)];
        }
        for (int i = 0; i < m; i++) {
            long k = in[i];
            out[i] = (((k >>> move[0]) & mask[0]) << target[0]) | (((k >>> move[1]) & mask[1]) << target[1])
                    | (((k >>> move[2]) & mask[2]) << target[2]) | (((k >>> move[3]) & mask[3]) << target[3]);
        }
    }

    /**
     * Derives a graph-first order from the graph-last one without sorting: {@code in[0 .. m)}
     * are sorted keys of (a, b, c, g); a stable counting sort on g's rank writes the keys of
     * (g, a, b, c), sorted, to {@code out}. GSPO comes from SPOG, GPOS from POSG, GOSP from OSPG.
     */
    void graphFirst(long[] in, int m, long[] out) {
        int gBits = bits[Permutation.G];
        int rest = bits[Permutation.S] + bits[Permutation.P] + bits[Permutation.O];
        long gMask = (1L << gBits) - 1;
        int[] start = new int[(1 << gBits) + 1];
        for (int i = 0; i < m; i++) {
            start[(int) (in[i] & gMask) + 1]++;
        }
        for (int g = 0; g < 1 << gBits; g++) {
            start[g + 1] += start[g];
        }
        for (int i = 0; i < m; i++) {
            long k = in[i];
            long g = k & gMask;
            out[start[(int) g]++] = (g << rest) | (k >>> gBits);
        }
    }

    /**
     * Removes the default graph's quads from the graph-first keys {@code keys[0 .. m)} (sorted,
     * from {@link #graphFirst}), where they are one block, as the graph leads the key; returns
     * how many keys are left.
     */
    int dropDefaultGraph(long[] keys, int m) {
        long[] graphs = values[Permutation.G];
        int rank = graphs == null ? -1 : Arrays.binarySearch(graphs, TermId.DEFAULT_GRAPH ^ Long.MIN_VALUE);
        if (rank < 0) {
            return m;
        }
        int rest = bits[Permutation.S] + bits[Permutation.P] + bits[Permutation.O];
        int from = 0;
        while (from < m && keys[from] >>> rest < rank) {
            from++;
        }
        int to = from;
        while (to < m && keys[to] >>> rest == rank) {
            to++;
        }
        System.arraycopy(keys, to, keys, from, m - to);
        return m - (to - from);
    }

    /** Writes {@code keys[0 .. m)}, packed in {@code perm}'s order, to {@code out} as tuples of flipped ids in key order. */
    void unpack(Permutation perm, long[] keys, int m, long[] out) {
        int[] sh = shifts(perm);
        long m0 = mask(perm, 0), m1 = mask(perm, 1), m2 = mask(perm, 2), m3 = mask(perm, 3);
        long[] v0 = values[perm.position(0)], v1 = values[perm.position(1)];
        long[] v2 = values[perm.position(2)], v3 = values[perm.position(3)];
        for (int i = 0, x = 0; i < m; i++, x += 4) {
            long k = keys[i];
            out[x] = v0[(int) ((k >>> sh[0]) & m0)];
            out[x + 1] = v1[(int) ((k >>> sh[1]) & m1)];
            out[x + 2] = v2[(int) ((k >>> sh[2]) & m2)];
            out[x + 3] = v3[(int) (k & m3)];
        }
    }

    /** Per key slot of {@code perm}, how far its rank is shifted left in a packed key. */
    private int[] shifts(Permutation perm) {
        int[] sh = new int[4];
        int s = 0;
        for (int slot = 3; slot >= 0; slot--) {
            sh[slot] = s;
            s += bits[perm.position(slot)];
        }
        return sh;
    }

    private long mask(Permutation perm, int slot) {
        return (1L << bits[perm.position(slot)]) - 1;
    }

    /** Fills {@code values[c]} and, for quad i, its value's rank in {@code slotRank[slotOf[i]]}; returns the count. */
    private int rankColumn(long[] quads, int n, int c) {
        if (tableKeys.length == 0) {
            tableKeys = new long[1 << 10];
            tableSlots = new int[1 << 10];
        }
        Arrays.fill(tableSlots, 0);
        long[] distinct = this.distinct;
        int d = 0;
        long last = 0;
        int lastSlot = -1;
        // Pass 1: a slot per distinct value (consecutive quads often share S, P and G).
        for (int i = 0; i < n; i++) {
            long v = quads[i * 4 + c];
            if (lastSlot < 0 || v != last) {
                int mask = tableKeys.length - 1;
                int h = hash(v) & mask;
                int s;
                while ((s = tableSlots[h]) != 0 && tableKeys[h] != v) {
                    h = (h + 1) & mask;
                }
                if (s == 0) {
                    tableKeys[h] = v;
                    tableSlots[h] = s = ++d;
                    distinct[d - 1] = v;
                    if (d * 2 > tableKeys.length) {
                        grow();
                    }
                }
                last = v;
                lastSlot = s - 1;
            }
            slotOf[i] = lastSlot;
        }
        // Slots are in first-seen order: sort the values, then give each slot its value's rank.
        Arrays.sort(distinct, 0, d);
        int mask = tableKeys.length - 1;
        for (int r = 0; r < d; r++) {
            int h = hash(distinct[r]) & mask;
            while (tableSlots[h] == 0 || tableKeys[h] != distinct[r]) {
                h = (h + 1) & mask;
            }
            slotRank[tableSlots[h] - 1] = r;
        }
        values[c] = Arrays.copyOf(distinct, d);
        return d;
    }

    /** Doubles the table; slot numbers (first-seen order) stay. */
    private void grow() {
        long[] oldKeys = tableKeys;
        int[] oldSlots = tableSlots;
        tableKeys = new long[oldKeys.length * 2];
        tableSlots = new int[oldKeys.length * 2];
        int mask = tableKeys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldSlots[j] != 0) {
                int h = hash(oldKeys[j]) & mask;
                while (tableSlots[h] != 0) {
                    h = (h + 1) & mask;
                }
                tableKeys[h] = oldKeys[j];
                tableSlots[h] = oldSlots[j];
            }
        }
    }

    private static int hash(long v) {
        long h = v * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
