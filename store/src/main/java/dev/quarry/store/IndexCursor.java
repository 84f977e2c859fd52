package dev.quarry.store;

import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermId;
import dev.quarry.store.rocks.KvCursor;
import dev.quarry.store.rocks.KvReader;

/**
 * A prefix scan of the index with the longest bound prefix for a pattern; positions
 * bound but not in the prefix (never the case for the six orders, except
 * ANY_NAMED_GRAPH) are filtered here. {@link #seek} moves it to another pattern on
 * the same underlying iterator.
 */
final class IndexCursor implements QuadCursor {
    private final KvCursor it;
    /** Positions whose values change from seek to seek (bit mask, see {@link Permutation#choose(long[], int)}). */
    private final int varying;
    private final long[] pattern = new long[4];
    private final long[] quad = new long[4];
    private Permutation perm;
    private boolean namedOnly;
    /** Objects outside [oFrom, oTo] are not matches ({@link #seekObjects}); in key order if {@code ordered}. */
    private boolean objectRange;
    private boolean ordered;
    private long oFrom;
    private long oTo;

    private IndexCursor(KvCursor it, int varying) {
        this.it = it;
        this.varying = varying;
    }

    /** A cursor positioned on nothing: {@link #seek} it; {@code varying} as in {@link QuadReader#openCursor(int)}. */
    static QuadCursor open(KvReader reader, int varying) {
        return new IndexCursor(reader.cursor(), varying);
    }

    static QuadCursor open(KvReader reader, long s, long p, long o, long g) {
        QuadCursor c = open(reader, 0);
        c.seek(s, p, o, g);
        return c;
    }

    @Override
    public void seek(long s, long p, long o, long g) {
        namedOnly = g == TermId.ANY_NAMED_GRAPH;
        pattern[Permutation.S] = s;
        pattern[Permutation.P] = p;
        pattern[Permutation.O] = o;
        pattern[Permutation.G] = namedOnly ? TermId.NONE : g;
        perm = Permutation.choose(pattern, varying);
        objectRange = false;
        it.seek(KeyLayout.quadPrefix(perm, pattern));
    }

    @Override
    public void seekObjects(long s, long p, long g, long oFrom, long oTo) {
        namedOnly = g == TermId.ANY_NAMED_GRAPH;
        pattern[Permutation.S] = s;
        pattern[Permutation.P] = p;
        pattern[Permutation.O] = TermId.NONE;
        pattern[Permutation.G] = namedOnly ? TermId.NONE : g;
        objectRange = true;
        this.oFrom = oFrom;
        this.oTo = oTo;
        Permutation ranged = Permutation.forObjectRange(pattern);
        ordered = ranged != null;
        if (ordered) {
            perm = ranged;
            byte[] prefix = KeyLayout.quadPrefix(perm, pattern);
            it.seek(prefix, KeyLayout.extendedPrefix(prefix, oFrom));
        } else {
            perm = Permutation.choose(pattern, varying);
            it.seek(KeyLayout.quadPrefix(perm, pattern));
        }
    }

    @Override
    public boolean next() {
        while (it.next()) {
            KeyLayout.readQuadKey(perm, it.key(), quad);
            if (objectRange && Long.compareUnsigned(quad[Permutation.O], oTo) > 0) {
                if (ordered) {
                    return false; // past the range: the keys after it hold greater objects
                }
                continue;
            }
            if (objectRange && !ordered && Long.compareUnsigned(quad[Permutation.O], oFrom) < 0) {
                continue;
            }
            if (matches()) {
                return true;
            }
        }
        return false;
    }

    private boolean matches() {
        for (int i = 0; i < 4; i++) {
            if (pattern[i] != TermId.NONE && pattern[i] != quad[i]) {
                return false;
            }
        }
        return !namedOnly || quad[Permutation.G] != TermId.DEFAULT_GRAPH;
    }

    @Override
    public long s() {
        return quad[Permutation.S];
    }

    @Override
    public long p() {
        return quad[Permutation.P];
    }

    @Override
    public long o() {
        return quad[Permutation.O];
    }

    @Override
    public long g() {
        return quad[Permutation.G];
    }

    @Override
    public void close() {
        it.close();
    }
}
