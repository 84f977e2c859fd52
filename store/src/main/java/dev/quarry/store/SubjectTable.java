package dev.quarry.store;

import java.util.Arrays;

/**
 * The quads {@code (?s, p, ?o, g)} of one predicate and graph in memory, by subject: what a
 * join's inner side reads when it looks up the objects of subject after subject. Immutable
 * once built, so that queries on many threads share one. Built by a scan through a
 * {@link QuadCursor}: from a range scan for one query (a hash probe of the engine), or from
 * the whole predicate for every query of a store version ({@link SubjectTables}).
 *
 * <p>A look-up is {@code for (int i = first(s); i >= 0; i = next(i)) { object(i); }}: the
 * objects of a subject come in the order the scan read them (a scan of one predicate reads
 * objects in index order, as a seek of the subject would).
 */
public final class SubjectTable {
    /*
     * Subject -> objects as primitive arrays (hand-written for speed): an open-addressing table
     * of subjects whose slots point to the first of their (subject, object) pairs, each pair
     * pointing to the subject's next one. The HashMap of boxed subjects to object arrays it
     * replaces was ~12 % of the bytes a server allocated on the official BSBM explore mix
     * (async-profiler, alloc).
     */
    private final long[] subjects;
    /** Per table slot: 1 + the index of the subject's first pair; 0 for an empty slot. */
    private final int[] firstPair;
    private final int[] nextPair;
    private final long[] objects;
    private final long p, g;
    private final int quads;

    private SubjectTable(long[] pairSubjects, long[] pairObjects, int quads, long p, long g) {
        int slots = Integer.highestOneBit(Math.max(8, quads * 2 - 1)) << 1;
        this.subjects = new long[slots];
        this.firstPair = new int[slots];
        this.nextPair = new int[quads];
        this.objects = quads == pairObjects.length ? pairObjects : Arrays.copyOf(pairObjects, quads);
        // Inserted last to first, each pair put before its subject's others: chains in scan order.
        for (int i = quads - 1; i >= 0; i--) {
            int slot = slotOf(pairSubjects[i]);
            if (firstPair[slot] == 0) {
                subjects[slot] = pairSubjects[i];
                nextPair[i] = -1;
            } else {
                nextPair[i] = firstPair[slot] - 1;
            }
            firstPair[slot] = i + 1;
        }
        this.p = p;
        this.g = g;
        this.quads = quads;
    }

    /**
     * Reads the quads {@code c} yields after the caller's seek, keeping subject and object
     * (all of predicate {@code p} in graph {@code g}); null if there are more than
     * {@code limit} of them (reading stops there). {@code step} runs once per quad read (a
     * query's cancellation check).
     */
    public static SubjectTable read(QuadCursor c, long p, long g, int limit, Runnable step) {
        long[] ss = new long[64];
        long[] os = new long[64];
        int quads = 0;
        while (c.next()) {
            step.run();
            if (quads == limit) {
                return null;
            }
            if (quads == ss.length) {
                int grown = (int) Math.min(Integer.MAX_VALUE - 8, quads * 2L);
                ss = Arrays.copyOf(ss, grown);
                os = Arrays.copyOf(os, grown);
            }
            ss[quads] = c.s();
            os[quads] = c.o();
            quads++;
        }
        return new SubjectTable(ss, os, quads, p, g);
    }

    /** The table slot of subject {@code s}: where it is, or the empty slot where it would go. */
    private int slotOf(long s) {
        int mask = subjects.length - 1;
        long h = s * 0x9E3779B97F4A7C15L;
        int i = (int) (h ^ (h >>> 32)) & mask;
        while (firstPair[i] != 0 && subjects[i] != s) {
            i = (i + 1) & mask;
        }
        return i;
    }

    /** The first pair of subject {@code s}, -1 if it has none. */
    public int first(long s) {
        return firstPair[slotOf(s)] - 1;
    }

    /** The pair after {@code pair} of the same subject, -1 after its last. */
    public int next(int pair) {
        return nextPair[pair];
    }

    public long object(int pair) {
        return objects[pair];
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
        return 64 + subjects.length * 12L + quads * 12L;
    }

    /** About the heap a table of {@code quads} quads takes (the larger arrays it is built through included). */
    static long bytesFor(long quads) {
        return 64 + Long.highestOneBit(Math.max(8, quads * 2 - 1)) * 2 * 12 + quads * 28;
    }
}
