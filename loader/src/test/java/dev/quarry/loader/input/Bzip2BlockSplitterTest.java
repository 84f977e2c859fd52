package dev.quarry.loader.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The splitter on hand-made bit strings: it only finds boundaries, so the "compressed data"
 * between markers can be anything, which lets a marker be placed where it would occur by chance.
 */
class Bzip2BlockSplitterTest {
    private static final int BLOCK_CRC = 0x1234abcd;

    @Test
    void blocksAreFoundAtAnyBitOffset() throws IOException {
        for (int shift = 0; shift < 8; shift++) {
            Bits bits = header(9);
            bits.put(Bzip2Block.BLOCK_MAGIC, 48).put(BLOCK_CRC, 32).random(1000 + shift, shift);
            long second = bits.length();
            bits.put(Bzip2Block.BLOCK_MAGIC, 48).put(0x0badf00d, 32).random(777, shift + 100);
            long end = bits.length();
            bits.put(Bzip2Block.END_MAGIC, 48).put(Integer.rotateLeft(BLOCK_CRC, 1) ^ 0x0badf00d, 32);

            Bzip2BlockSplitter splitter = new Bzip2BlockSplitter(new ByteArrayInputStream(bits.toBytes()));
            Bzip2Block a = splitter.next();
            Bzip2Block b = splitter.next();
            assertEquals(32, a.startBit());
            assertEquals(second, a.endBit(), "shift " + shift);
            assertEquals(BLOCK_CRC, a.crc());
            assertEquals(end, b.endBit());
            assertTrue(b.last() && !a.last());
            assertNull(splitter.next());
        }
    }

    /**
     * Many blocks of random lengths (some a few bits, some past the 64 KiB reads), false end
     * markers between them and test cuts at random bits: every boundary is found, no other.
     */
    @Test
    void everyPlantedBoundaryIsFoundAndNoOther() throws IOException {
        Random random = new Random(20261129);
        for (int round = 0; round < 40; round++) {
            Bits bits = header(9);
            List<Long> starts = new ArrayList<>();
            List<Long> extraCuts = new ArrayList<>();
            int combined = 0;
            int blocks = 1 + random.nextInt(30);
            for (int i = 0; i < blocks; i++) {
                int crc = random.nextInt();
                combined = Integer.rotateLeft(combined, 1) ^ crc;
                starts.add(bits.length());
                bits.put(Bzip2Block.BLOCK_MAGIC, 48).put(crc, 32);
                int length = switch (random.nextInt(4)) {
                    case 0 -> random.nextInt(16);
                    case 1 -> random.nextInt(2_000);
                    case 2 -> random.nextInt(200_000);
                    default -> 600_000 + random.nextInt(100_000);
                };
                bits.random(length, random.nextLong());
                if (random.nextInt(4) == 0) { // an end marker by chance, with a CRC that matches nothing
                    bits.put(Bzip2Block.END_MAGIC, 48).put(combined ^ 0x5a5a5a5a, 32).random(100 + random.nextInt(100), random.nextLong());
                }
                if (length > 200 && random.nextInt(3) == 0) { // a cut where a block magic might occur by chance
                    long cut = starts.get(i) + 80 + random.nextInt(length - 100);
                    extraCuts.add(cut);
                }
            }
            long end = bits.length();
            bits.put(Bzip2Block.END_MAGIC, 48).put(combined, 32);

            Bzip2BlockSplitter splitter = new Bzip2BlockSplitter(new ByteArrayInputStream(bits.toBytes()));
            splitter.cutAlsoAt(extraCuts.stream().mapToLong(Long::longValue).toArray());
            List<Long> expected = new ArrayList<>(starts);
            expected.addAll(extraCuts);
            expected.sort(null);
            List<Long> found = new ArrayList<>();
            Bzip2Block block;
            long lastEnd = -1;
            while ((block = splitter.next()) != null) {
                found.add(block.startBit());
                lastEnd = block.endBit();
            }
            assertEquals(expected, found, "round " + round);
            assertEquals(end, lastEnd, "round " + round);
        }
    }

    @Test
    void anEndMarkerInsideBlockDataIsNotTakenForTheEnd() throws IOException {
        Bits bits = header(9);
        bits.put(Bzip2Block.BLOCK_MAGIC, 48).put(BLOCK_CRC, 32).random(5003, 1);
        // By chance: an end marker and a "CRC" that matches nothing, then more block data.
        bits.put(Bzip2Block.END_MAGIC, 48).put(0x77777777, 32).random(4001, 2);
        long end = bits.length();
        bits.put(Bzip2Block.END_MAGIC, 48).put(BLOCK_CRC, 32);

        Bzip2BlockSplitter splitter = new Bzip2BlockSplitter(new ByteArrayInputStream(bits.toBytes()));
        Bzip2Block only = splitter.next();
        assertEquals(end - 32, only.bitLength(), "one candidate up to the real end marker");
        assertTrue(only.last());
        assertEquals(BLOCK_CRC, only.streamCrc());
        assertNull(splitter.next());
    }

    @Test
    void aStreamEndsWhereTheNextStreamOrTheInputBegins() throws IOException {
        Bits bits = header(1);
        bits.put(Bzip2Block.BLOCK_MAGIC, 48).put(BLOCK_CRC, 32).random(300, 3);
        bits.put(Bzip2Block.END_MAGIC, 48).put(BLOCK_CRC, 32).pad();
        bits.put('B', 8).put('Z', 8).put('h', 8).put('5', 8).put(Bzip2Block.END_MAGIC, 48).put(0, 32); // empty
        bits.put('B', 8).put('Z', 8).put('h', 8).put('2', 8);
        bits.put(Bzip2Block.BLOCK_MAGIC, 48).put(BLOCK_CRC, 32).random(200, 4);
        bits.put(Bzip2Block.END_MAGIC, 48).put(BLOCK_CRC, 32);

        Bzip2BlockSplitter splitter = new Bzip2BlockSplitter(new ByteArrayInputStream(bits.toBytes()));
        Bzip2Block first = splitter.next();
        Bzip2Block second = splitter.next();
        assertEquals(1, first.stream());
        assertEquals(3, second.stream(), "the empty stream 2 has no blocks");
        assertEquals(2, second.level());
        assertNull(splitter.next());
    }

    @Test
    void dataWithoutABoundaryIsRefusedWithinABlocksMaximumSize() {
        Bits bits = header(1);
        bits.put(Bzip2Block.BLOCK_MAGIC, 48).put(BLOCK_CRC, 32).random((int) Bzip2BlockSplitter.maxBlockBits(1) * 3, 5);
        Bzip2BlockSplitter splitter = new Bzip2BlockSplitter(new ByteArrayInputStream(bits.toBytes()));
        IOException e = assertThrows(IOException.class, splitter::next);
        assertTrue(e.getMessage().startsWith("no bzip2 block boundary within "), e.getMessage());
    }

    @Test
    void notBzip2AtAll() {
        byte[] text = "BZx not bzip2".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        IOException e = assertThrows(IOException.class, () -> new Bzip2BlockSplitter(new ByteArrayInputStream(text)).next());
        assertEquals("not a bzip2 stream", e.getMessage());
    }

    private static Bits header(int level) {
        return new Bits().put('B', 8).put('Z', 8).put('h', 8).put('0' + level, 8);
    }

    /** A bit string written most significant bit first. */
    private static final class Bits {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private int current;
        private int used;
        private long length;

        Bits put(long value, int count) {
            for (int i = count - 1; i >= 0; i--) {
                current = (current << 1) | (int) ((value >>> i) & 1);
                length++;
                if (++used == 8) {
                    bytes.write(current);
                    current = 0;
                    used = 0;
                }
            }
            return this;
        }

        /** Random bits in which neither marker occurs (checked). */
        Bits random(int count, long seed) {
            Random r = new Random(seed);
            long window = 0;
            for (int i = 0; i < count; i++) {
                int bit = r.nextInt(2);
                long next = ((window << 1) | bit) & ((1L << 48) - 1);
                if (next == Bzip2Block.BLOCK_MAGIC || next == Bzip2Block.END_MAGIC) {
                    bit ^= 1;
                    next ^= 1;
                }
                window = next;
                put(bit, 1);
            }
            return this;
        }

        Bits pad() {
            while (used != 0) {
                put(0, 1);
            }
            return this;
        }

        long length() {
            return length;
        }

        byte[] toBytes() {
            pad();
            return bytes.toByteArray();
        }
    }
}
