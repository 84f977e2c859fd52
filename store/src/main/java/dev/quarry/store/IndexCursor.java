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
        it.seek(KeyLayout.quadPrefix(perm, pattern));
    }

    @Override
    public boolean next() {
        while (it.next()) {
            KeyLayout.readQuadKey(perm, it.key(), quad);
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
