package dev.quarry.store.encoding;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
