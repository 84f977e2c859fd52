package dev.quarry.store.encoding;

/**
 * The six quad index orders. A quad is always held as {@code (s, p, o, g)} in a
 * {@code long[4]} (positions {@link #S}, {@link #P}, {@link #O}, {@link #G});
 * a permutation says in which order those positions form the index key.
 *
 * <p>Which index holds which quad (store format 3): SPOG, POSG and OSPG hold every quad;
 * the graph-first GSPO, GPOS and GOSP hold the named graphs' quads only. A default-graph
 * triple is thus written three times, not six (most dumps are all default graph), and a
 * pattern on the default graph is answered by SPOG, POSG or OSPG with the graph checked
 * last in the key. Every pattern is answered by one prefix scan of the index with the
 * longest bound prefix among those that hold its graph ({@link #choose}); this class is
 * the one place that decides it, for writers ({@link #holds}) and readers alike.
 */
public enum Permutation {
    SPOG(KeyLayout.TAG_SPOG, 0, 1, 2, 3),
    POSG(KeyLayout.TAG_POSG, 1, 2, 0, 3),
    OSPG(KeyLayout.TAG_OSPG, 2, 0, 1, 3),
    GSPO(KeyLayout.TAG_GSPO, 3, 0, 1, 2),
    GPOS(KeyLayout.TAG_GPOS, 3, 1, 2, 0),
    GOSP(KeyLayout.TAG_GOSP, 3, 2, 0, 1);

    public static final int S = 0, P = 1, O = 2, G = 3;

    /** {@link #values()} without a copy per call (it is called per index seek). */
    private static final Permutation[] ALL = values();
    /** The indexes that hold every quad, the default graph's too. */
    private static final Permutation[] ALL_GRAPHS = {SPOG, POSG, OSPG};

    private final byte tag;
    private final int[] order;

    Permutation(byte tag, int... order) {
        this.tag = tag;
        this.order = order;
    }

    /** The key-space tag byte of this index (on disk). */
    public byte tag() {
        return tag;
    }

    /** The quad position (S, P, O or G) stored at key slot {@code slot}. */
    public int position(int slot) {
        return order[slot];
    }

    /** The key slot that holds quad position {@code position} (S, P, O or G). */
    public int slotOf(int position) {
        for (int slot = 0; slot < 4; slot++) {
            if (order[slot] == position) {
                return slot;
            }
        }
        throw new IllegalArgumentException(this + " has no position " + position);
    }

    /** Whether this index holds the quads of graph {@code g}: the graph-first ones hold no default-graph quad. */
    public boolean holds(long g) {
        return order[0] != G || g != TermId.DEFAULT_GRAPH;
    }

    /** Whether this index holds every quad of the store (SPOG, POSG, OSPG). */
    public boolean holdsAll() {
        return order[0] != G;
    }

    /** The indexes a quad of graph {@code g} is written to. */
    public static Permutation[] writtenFor(long g) {
        return g == TermId.DEFAULT_GRAPH ? ALL_GRAPHS : ALL;
    }

    /** How many leading key slots are bound in {@code quad} (0 = unbound, {@link TermId#NONE}). */
    public int boundPrefix(long[] quad) {
        int n = 0;
        while (n < 4 && quad[order[n]] != TermId.NONE) {
            n++;
        }
        return n;
    }

    /**
     * The index that answers {@code pattern} (unbound positions are {@link TermId#NONE})
     * with the longest bound key prefix, among those that {@link #holds} its graph. Ties go
     * to the earlier permutation.
     */
    public static Permutation choose(long[] pattern) {
        return choose(pattern, 0);
    }

    /**
     * As {@link #choose(long[])}, but among the indexes with the longest bound prefix the
     * one whose key starts with the most positions outside {@code varying} (a bit mask,
     * {@code 1 << S} etc.): when a join seeks the same pattern again and again with new
     * values at the varying positions, those values then come last in the key, so
     * successive targets in increasing order are close together in the index.
     */
    public static Permutation choose(long[] pattern, int varying) {
        Permutation best = SPOG;
        int bestLen = -1;
        int bestSteady = -1;
        for (Permutation p : ALL) {
            if (!p.holds(pattern[G])) {
                continue;
            }
            int len = p.boundPrefix(pattern);
            int steady = p.steadyPrefix(pattern, varying);
            if (len > bestLen || (len == bestLen && steady > bestSteady)) {
                best = p;
                bestLen = len;
                bestSteady = steady;
            }
        }
        return best;
    }

    /**
     * The index whose key holds the object right after the bound positions of
     * {@code pattern} (its object unbound), so that a range of objects is one key range;
     * among several, the one with the most bound positions before the object. Null if no
     * index has that shape (then a range of objects cannot be a key range).
     */
    public static Permutation forObjectRange(long[] pattern) {
        Permutation best = null;
        int bestLen = -1;
        for (Permutation p : ALL) {
            if (!p.holds(pattern[G])) {
                continue;
            }
            int len = p.boundPrefix(pattern);
            if (len < 4 && p.order[len] == O && len > bestLen) {
                best = p;
                bestLen = len;
            }
        }
        return best;
    }

    /** How many leading key slots are bound and outside the {@code varying} mask. */
    private int steadyPrefix(long[] quad, int varying) {
        int n = 0;
        while (n < 4 && quad[order[n]] != TermId.NONE && (varying & (1 << order[n])) == 0) {
            n++;
        }
        return n;
    }
}
