package dev.quarry.loader.input;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.junit.jupiter.api.Test;

class Bzip2DecoderTablesTest {
    private static final byte[] TEXT = TestData.nquads(12_000, 11);

    @Test
    void thisCommonsCompressLetsTheTableBeLent() {
        assertTrue(Bzip2DecoderTables.REUSABLE, "commons-compress changed its bzip2 decoder's fields: "
                + "each block allocates its tables again (see Bzip2DecoderTables)");
    }

    @Test
    void aLentTableComesBackAndIsLentAgain() throws IOException {
        List<Bzip2Block> blocks = blocks(1, TEXT);
        Bzip2DecoderTables tables = new Bzip2DecoderTables(1);
        int[] lent;
        try (BZip2CompressorInputStream in = open(blocks.get(0))) {
            lent = tables.lend(in, 1);
            assertNotNull(lent);
            in.readAllBytes();
        }
        tables.giveBack(lent);
        assertArrayEquals(alone(blocks.get(1)), decoded(blocks.get(1).decode(null, tables)));
        try (BZip2CompressorInputStream in = open(blocks.get(2))) {
            assertSame(lent, tables.lend(in, 1), "the block decoded in between gave it back");
        }
    }

    @Test
    void blocksSharingATableDecodeAsAlone() throws IOException {
        Random r = new Random(7);
        byte[] random = new byte[250_000];
        r.nextBytes(random);
        List<Bzip2Block> blocks = new ArrayList<>(blocks(1, TEXT));
        blocks.addAll(blocks(1, random));
        blocks.addAll(blocks(2, TEXT)); // a higher level needs a larger table
        Collections.reverse(blocks); // short last blocks and a lower level after larger ones
        Bzip2DecoderTables tables = new Bzip2DecoderTables(1);
        for (Bzip2Block b : blocks) {
            assertArrayEquals(alone(b), decoded(b.decode(null, tables)), "block " + b.index() + " of level " + b.level());
        }
    }

    @Test
    void aCandidateThatFailsLeavesTheTableFitForTheNextBlock() throws IOException {
        byte[] compressed = ParallelBzip2InputStreamTest.bzip2(1, TEXT);
        Bzip2BlockSplitter hooked = new Bzip2BlockSplitter(new ByteArrayInputStream(compressed));
        Bzip2Block second = blocks(1, TEXT).get(1);
        hooked.cutAlsoAt(second.startBit() + 12_345);
        List<Bzip2Block> candidates = ParallelBzip2InputStreamTest.split(hooked);
        Bzip2DecoderTables tables = new Bzip2DecoderTables(1);
        assertArrayEquals(alone(candidates.get(0)), decoded(candidates.get(0).decode(null, tables)));
        assertThrows(Exception.class, () -> candidates.get(1).decode(null, tables), "a block cut short");
        for (Bzip2Block b : candidates.subList(3, candidates.size())) {
            assertArrayEquals(alone(b), decoded(b.decode(null, tables)));
        }
    }

    private static byte[] alone(Bzip2Block b) throws IOException {
        return decoded(b.decode());
    }

    private static byte[] decoded(Bzip2Block.Decoded d) {
        return Arrays.copyOf(d.bytes(), d.length());
    }

    private static BZip2CompressorInputStream open(Bzip2Block b) throws IOException {
        return new BZip2CompressorInputStream(new ByteArrayInputStream(b.asSingleBlockStream()), false);
    }

    private static List<Bzip2Block> blocks(int level, byte[] data) throws IOException {
        byte[] compressed = ParallelBzip2InputStreamTest.bzip2(level, data);
        return ParallelBzip2InputStreamTest.split(new Bzip2BlockSplitter(new ByteArrayInputStream(compressed)));
    }
}
