package dev.quarry.store;

import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermId;
import dev.quarry.store.rocks.KvIterator;
import dev.quarry.store.rocks.KvReader;

/**
 * One prefix scan of the index with the longest bound prefix for a pattern; positions
 * bound but not in the prefix (never the case for the six orders, except
 * ANY_NAMED_GRAPH) are filtered here.
 */
final class IndexCursor implements QuadCursor {
    private final KvIterator it;
    private final Permutation perm;
    private final long[] pattern;
    private final boolean namedOnly;
    private final long[] quad = new long[4];

    private IndexCursor(KvIterator it, Permutation perm, long[] pattern, boolean namedOnly) {
        this.it = it;
        this.perm = perm;
        this.pattern = pattern;
        this.namedOnly = namedOnly;
    }

    static QuadCursor open(KvReader reader, long s, long p, long o, long g) {
        boolean namedOnly = g == TermId.ANY_NAMED_GRAPH;
        long[] pattern = {s, p, o, namedOnly ? TermId.NONE : g};
        Permutation perm = Permutation.choose(pattern);
        return new IndexCursor(reader.scan(KeyLayout.quadPrefix(perm, pattern)), perm, pattern, namedOnly);
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
