package dev.quarry.store;

import java.util.Arrays;

/**
 * The quads {@code (?s, p, ?o, g)} of one predicate and graph in memory, by subject or by
 * object: what a join's inner side reads when it looks up the objects of subject after
 * subject (or the subjects of object after object). Immutable once built, so that queries on
 * many threads share one. Built by a scan through a {@link QuadCursor}: from a range scan for
 * one query (a hash probe of the engine), or from the whole predicate for every query of a
 * store version ({@link PredicateTables}).
 *
 * <p>A look-up is {@code for (int i = first(key); i >= 0; i = next(i)) { value(i); }}: the
 * values of a key come in the order the scan read them (a scan of one predicate reads in
 * object-then-subject order, so both an object's subjects and a subject's objects come in
 * index order, as a seek would give them).
 */
public final class PredicateTable {
    /** What a table is looked up by. */
    public enum Key {
        SUBJECT,
        OBJECT
    }

    /*
     * Key -> values as primitive arrays (hand-written for speed): an open-addressing table of
     * keys whose slots point to the first of their (key, value) pairs, each pair pointing to
     * the key's next one. The HashMap of boxed subjects to object arrays it replaces was ~12 %
     * of the bytes a server allocated on the official BSBM explore mix (async-profiler, alloc).
     */
    private final long[] keys;
    /** Per table slot: 1 + the index of the key's first pair; 0 for an empty slot. */
    private final int[] firstPair;
    private final int[] nextPair;
    private final long[] values;
    private final Key keyedBy;
    private final long p, g;
    private final int quads;

    private PredicateTable(long[] pairKeys, long[] pairValues, int quads, Key keyedBy, long p, long g) {
        int slots = Integer.highestOneBit(Math.max(8, quads * 2 - 1)) << 1;
        this.keys = new long[slots];
        this.firstPair = new int[slots];
        this.nextPair = new int[quads];
        this.values = quads == pairValues.length ? pairValues : Arrays.copyOf(pairValues, quads);
        // Inserted last to first, each pair put before its key's others: chains in scan order.
        for (int i = quads - 1; i >= 0; i--) {
            int slot = slotOf(pairKeys[i]);
            if (firstPair[slot] == 0) {
                keys[slot] = pairKeys[i];
                nextPair[i] = -1;
            } else {
                nextPair[i] = firstPair[slot] - 1;
            }
            firstPair[slot] = i + 1;
        }
        this.keyedBy = keyedBy;
        this.p = p;
        this.g = g;
        this.quads = quads;
    }

    /**
     * Reads the quads {@code c} yields after the caller's seek (all of predicate {@code p} in
     * graph {@code g}), keyed by subject or object; null if there are more than {@code limit}
     * of them (reading stops there). {@code step} runs once per quad read (a query's
     * cancellation check).
     */
    public static PredicateTable read(QuadCursor c, Key keyedBy, long p, long g, int limit, Runnable step) {
        long[] ks = new long[64];
        long[] vs = new long[64];
        int quads = 0;
        boolean bySubject = keyedBy == Key.SUBJECT;
        while (c.next()) {
            step.run();
            if (quads == limit) {
                return null;
            }
            if (quads == ks.length) {
                int grown = (int) Math.min(Integer.MAX_VALUE - 8, quads * 2L);
                ks = Arrays.copyOf(ks, grown);
                vs = Arrays.copyOf(vs, grown);
            }
            ks[quads] = bySubject ? c.s() : c.o();
            vs[quads] = bySubject ? c.o() : c.s();
            quads++;
        }
        return new PredicateTable(ks, vs, quads, keyedBy, p, g);
    }

    /** The table slot of {@code key}: where it is, or the empty slot where it would go. */
    private int slotOf(long key) {
        int mask = keys.length - 1;
        long h = key * 0x9E3779B97F4A7C15L;
        int i = (int) (h ^ (h >>> 32)) & mask;
        while (firstPair[i] != 0 && keys[i] != key) {
            i = (i + 1) & mask;
        }
        return i;
    }

    /** The first pair of {@code key}, -1 if it has none. */
    public int first(long key) {
        return firstPair[slotOf(key)] - 1;
    }

    /** The pair after {@code pair} of the same key, -1 after its last. */
    public int next(int pair) {
        return nextPair[pair];
    }

    /** The pair's object (keyed by subject) or subject (keyed by object). */
    public long value(int pair) {
        return values[pair];
    }

    public Key keyedBy() {
        return keyedBy;
    }

    public long predicate() {
        return p;
    }

    public long graph() {
        return g;
    }

    public int quads() {
        return quads;
    }

    /** About the heap this table takes. */
    public long bytes() {
        return 64 + keys.length * 12L + quads * 12L;
    }

    /** About the heap a table of {@code quads} quads takes (the larger arrays it is built through included). */
    static long bytesFor(long quads) {
        return 64 + Long.highestOneBit(Math.max(8, quads * 2 - 1)) * 2 * 12 + quads * 28;
    }
}
