package dev.quarry.store.encoding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PermutationTest {
    /** For each of the 16 bound/unbound patterns the chosen index has every bound position in its key prefix. */
    @Test
    void everyPatternHasAFullyBoundPrefix() {
        for (int mask = 0; mask < 16; mask++) {
            long[] pattern = new long[4];
            for (int pos = 0; pos < 4; pos++) {
                pattern[pos] = (mask & (1 << pos)) != 0 ? TermId.dictionaryId(pos + 1) : TermId.NONE;
            }
            Permutation chosen = Permutation.choose(pattern);
            assertEquals(Integer.bitCount(mask), chosen.boundPrefix(pattern), "pattern mask " + mask + " chose " + chosen);
        }
    }

    /** With some bound positions varying from seek to seek, the steady ones lead the key among the longest prefixes. */
    @Test
    void varyingPositionsGoLastAmongTheLongestPrefixes() {
        long a = TermId.dictionaryId(1);
        long n = TermId.NONE;
        int s = 1 << Permutation.S, p = 1 << Permutation.P, o = 1 << Permutation.O;
        assertEquals(Permutation.GPOS, Permutation.choose(new long[] {a, a, a, a}, s));
        assertEquals(Permutation.POSG, Permutation.choose(new long[] {a, a, a, n}, s));
        assertEquals(Permutation.OSPG, Permutation.choose(new long[] {a, a, a, n}, p));
        assertEquals(Permutation.SPOG, Permutation.choose(new long[] {a, a, a, n}, o));
        assertEquals(Permutation.SPOG, Permutation.choose(new long[] {a, a, n, n}, s)); // the only 2-slot prefix
        assertEquals(Permutation.GPOS, Permutation.choose(new long[] {n, a, a, a}, o));
        for (int bound = 0; bound < 16; bound++) {
            long[] pattern = new long[4];
            for (int pos = 0; pos < 4; pos++) {
                pattern[pos] = (bound & (1 << pos)) != 0 ? a : n;
            }
            for (int varying = 0; varying < 16; varying++) {
                assertEquals(Integer.bitCount(bound), Permutation.choose(pattern, varying).boundPrefix(pattern),
                        "bound " + bound + " varying " + varying);
            }
        }
    }

    /**
     * Format 3: the graph-first indexes hold no default-graph triple, so a pattern on the
     * default graph is answered by SPOG, POSG or OSPG (the graph checked last in the key),
     * still with every other bound position in the key prefix.
     */
    @Test
    void defaultGraphPatternsUseTheIndexesThatHoldIt() {
        long a = TermId.dictionaryId(1);
        long n = TermId.NONE;
        long dg = TermId.DEFAULT_GRAPH;
        assertEquals(Permutation.SPOG, Permutation.choose(new long[] {a, a, a, dg}));
        assertEquals(Permutation.POSG, Permutation.choose(new long[] {n, a, a, dg}));
        assertEquals(Permutation.OSPG, Permutation.choose(new long[] {a, n, a, dg}));
        assertEquals(Permutation.SPOG, Permutation.choose(new long[] {n, n, n, dg}));
        assertEquals(Permutation.GPOS, Permutation.choose(new long[] {n, a, a, a}));
        for (int bound = 0; bound < 8; bound++) {
            long[] pattern = {(bound & 1) != 0 ? a : n, (bound & 2) != 0 ? a : n, (bound & 4) != 0 ? a : n, dg};
            for (int varying = 0; varying < 16; varying++) {
                Permutation chosen = Permutation.choose(pattern, varying);
                assertTrue(chosen.holds(dg), chosen + " for " + bound);
                assertEquals(Math.min(4, Integer.bitCount(bound) + (bound == 7 ? 1 : 0)), chosen.boundPrefix(pattern),
                        "bound " + bound + " varying " + varying);
            }
            Permutation ranged = Permutation.forObjectRange(new long[] {pattern[0], pattern[1], n, dg});
            if (ranged != null) {
                assertTrue(ranged.holds(dg));
            }
        }
        assertEquals(Permutation.POSG, Permutation.forObjectRange(new long[] {n, a, n, dg}));
        assertEquals(Permutation.SPOG, Permutation.forObjectRange(new long[] {a, a, n, dg}));
        assertEquals(Permutation.GPOS, Permutation.forObjectRange(new long[] {n, a, n, a}));
    }

    @Test
    void tagsAreTheKeySpaceTags() {
        assertEquals(KeyLayout.TAG_SPOG, Permutation.SPOG.tag());
        assertEquals(KeyLayout.TAG_POSG, Permutation.POSG.tag());
        assertEquals(KeyLayout.TAG_OSPG, Permutation.OSPG.tag());
        assertEquals(KeyLayout.TAG_GSPO, Permutation.GSPO.tag());
        assertEquals(KeyLayout.TAG_GPOS, Permutation.GPOS.tag());
        assertEquals(KeyLayout.TAG_GOSP, Permutation.GOSP.tag());
    }
}
