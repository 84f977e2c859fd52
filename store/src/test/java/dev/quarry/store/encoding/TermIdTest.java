package dev.quarry.store.encoding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Golden values: these bits are on disk, so a change here is a format change. */
class TermIdTest {
    @Test
    void goldenIds() {
        assertEquals(0x0000_0000_0000_0001L, TermId.DEFAULT_GRAPH);
        assertEquals(0x0100_0000_0000_0005L, TermId.dictionaryId(5));
        assertEquals(0x8000_0000_0000_0001L, TermId.inlineInteger(1));
        assertEquals(0x80FF_FFFF_FFFF_FFFFL, TermId.inlineInteger(-1));
        assertEquals(0x807F_FFFF_FFFF_FFFFL, TermId.inlineInteger((1L << 55) - 1));
        assertEquals(0x8080_0000_0000_0000L, TermId.inlineInteger(-(1L << 55)));
        assertEquals(0x8100_0000_0000_0001L, TermId.inlineBoolean(true));
        assertEquals(0x8100_0000_0000_0000L, TermId.inlineBoolean(false));
        assertEquals(0x9200_6162_0000_0000L, TermId.inlineShortString("ab".getBytes(StandardCharsets.UTF_8)));
        assertEquals(0x9000_0000_0000_0000L, TermId.inlineShortString(new byte[0]));
    }

    @Test
    void inlineValuesDecode() {
        for (long v : new long[] {0, 1, -1, (1L << 55) - 1, -(1L << 55)}) {
            assertEquals(v, TermId.integerValue(TermId.inlineInteger(v)));
        }
        assertTrue(TermId.fitsInlineInteger((1L << 55) - 1));
        assertFalse(TermId.fitsInlineInteger(1L << 55));
        assertFalse(TermId.fitsInlineInteger(-(1L << 55) - 1));
        assertEquals("a\u0000b", TermId.shortStringValue(TermId.inlineShortString(new byte[] {'a', 0, 'b'})));
        assertTrue(TermId.isInline(TermId.inlineBoolean(true)));
        assertTrue(TermId.isDictionary(TermId.dictionaryId(1)));
    }
}
