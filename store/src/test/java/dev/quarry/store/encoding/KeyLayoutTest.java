package dev.quarry.store.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** Golden keys: these bytes are on disk, so a change here is a format change. */
class KeyLayoutTest {
    private static final long[] QUAD = {0x0100_0000_0000_0001L, 0x0100_0000_0000_0002L, 0x8000_0000_0000_0003L, 1L};

    @Test
    void goldenQuadKeys() {
        assertArrayEquals(new byte[] {
                0x01,
                1, 0, 0, 0, 0, 0, 0, 1,
                1, 0, 0, 0, 0, 0, 0, 2,
                (byte) 0x80, 0, 0, 0, 0, 0, 0, 3,
                0, 0, 0, 0, 0, 0, 0, 1}, KeyLayout.quadKey(Permutation.SPOG, QUAD));
        assertArrayEquals(new byte[] {
                0x05,
                0, 0, 0, 0, 0, 0, 0, 1,
                1, 0, 0, 0, 0, 0, 0, 2,
                (byte) 0x80, 0, 0, 0, 0, 0, 0, 3,
                1, 0, 0, 0, 0, 0, 0, 1}, KeyLayout.quadKey(Permutation.GPOS, QUAD));
    }

    @Test
    void quadKeysDecodeInEveryPermutation() {
        for (Permutation perm : Permutation.values()) {
            long[] back = new long[4];
            KeyLayout.readQuadKey(perm, KeyLayout.quadKey(perm, QUAD), back);
            assertArrayEquals(QUAD, back, perm.name());
        }
    }

    @Test
    void goldenOtherKeys() {
        assertArrayEquals(new byte[] {0x10, 1, 0, 0, 0, 0, 0, 0, 5}, KeyLayout.id2termKey(TermId.dictionaryId(5)));
        // MurmurHash3 x64 128 of the term bytes, seed 0: the reference C implementation (Python mmh3.hash128)
        // gives h1 = a44a2986bc6adfcc, h2 = d6433237dc9ec762 for these two bytes.
        assertEquals("11a44a2986bc6adfccd6433237dc9ec762", HexFormat.of().formatHex(KeyLayout.term2idKey(new byte[] {0x02, 'b'})));
        assertArrayEquals(KeyLayout.term2idKey(new byte[] {0x02, 'b'}),
                KeyLayout.term2idKey(0xa44a2986bc6adfccL, 0xd6433237dc9ec762L));
        assertArrayEquals(KeyLayout.term2idKey(new byte[] {0x02, 'b'}), KeyLayout.term2idKey(new byte[] {9, 0x02, 'b', 9}, 1, 2));
        assertArrayEquals(new byte[] {0x12, 0, 0, 1, 2}, KeyLayout.prefixByIdKey(258));
        assertArrayEquals(new byte[] {0x13, 'h', ':'}, KeyLayout.prefixByNameKey("h:"));
        assertArrayEquals(new byte[] {0x20, 'g', 0, 0, 0, 0, 0, 0, 0, 1}, KeyLayout.statKey(KeyLayout.STAT_GRAPH, 1));
        assertArrayEquals(new byte[] {0x00, 'f', 'o', 'r', 'm', 'a', 't'}, KeyLayout.metaKey(KeyLayout.META_FORMAT));
        // Scan prefix for (s, ?, ?, g) in a named graph: GSPO has both bound in front.
        long[] pattern = {0x0100_0000_0000_0001L, 0, 0, 0x0100_0000_0000_0002L};
        assertArrayEquals(new byte[] {0x04, 1, 0, 0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0, 0, 1},
                KeyLayout.quadPrefix(Permutation.choose(pattern), pattern));
        // In the default graph (format 3: not in the graph-first indexes) SPOG has s in front.
        long[] inDefault = {0x0100_0000_0000_0001L, 0, 0, TermId.DEFAULT_GRAPH};
        assertArrayEquals(new byte[] {0x01, 1, 0, 0, 0, 0, 0, 0, 1},
                KeyLayout.quadPrefix(Permutation.choose(inDefault), inDefault));
    }

    @Test
    void prefixEnd() {
        assertArrayEquals(new byte[] {0x02}, KeyLayout.prefixEnd(new byte[] {0x01}));
        assertArrayEquals(new byte[] {0x01, 0x01}, KeyLayout.prefixEnd(new byte[] {0x01, 0x00, (byte) 0xFF}));
        assertNull(KeyLayout.prefixEnd(new byte[] {(byte) 0xFF, (byte) 0xFF}));
    }
}
