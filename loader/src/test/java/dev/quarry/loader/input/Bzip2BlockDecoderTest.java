package dev.quarry.loader.input;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The hand-written block decoder against commons-compress, block by block: the same bytes
 * for every kind of input, and for damaged blocks an IOException, never wrong bytes or
 * another exception.
 */
class Bzip2BlockDecoderTest {
    /** Inputs that exercise each stage: text, every byte value, long runs, long Huffman codes. */
    private static List<byte[]> inputs() {
        Random r = new Random(7);
        byte[] random = new byte[250_000];
        r.nextBytes(random);
        // Symbol frequencies halving from one byte value to the next: codes up to bzip2's 17-20 bits.
        ByteArrayOutputStream skewed = new ByteArrayOutputStream();
        for (int i = 0; i < 400_000; i++) {
            int v = Integer.numberOfTrailingZeros(r.nextInt() | 1 << 30) * 7;
            skewed.write(v);
            skewed.write(r.nextInt(3) == 0 ? 255 - v : v + 1); // break runs, keep the skew
        }
        byte[] runs = new byte[3_000_000];
        for (int i = 0, len = 1; i < runs.length; i += len, len = len % 700 + 1) {
            Arrays.fill(runs, i, Math.min(runs.length, i + len), (byte) (i % 251));
        }
        byte[] exactRuns = new byte[40_000]; // runs of exactly 4, 5 and 259 equal bytes: the run-length stage's edges
        for (int i = 0, k = 0; i < exactRuns.length; k++) {
            int len = new int[] {4, 5, 259, 1, 3}[k % 5];
            Arrays.fill(exactRuns, i, Math.min(exactRuns.length, i + len), (byte) k);
            i += len;
        }
        // Runs of 1-9 bytes of three values at every alignment (the eight-byte path of the run-length
        // stage and its edges), their counts often equal to the run's own byte.
        byte[] fewValues = new byte[300_000];
        for (int i = 0; i < fewValues.length; ) {
            int len = 1 + r.nextInt(9);
            Arrays.fill(fewValues, i, Math.min(fewValues.length, i + len), (byte) (1 + r.nextInt(3)));
            i += len;
        }
        return List.of(new byte[] {'x'}, "aaaa".getBytes(), TestData.nquads(20_000, 5), random, skewed.toByteArray(),
                runs, exactRuns, fewValues);
    }

    @Test
    void everyBlockDecodesAsCommonsCompressDecodesIt() throws IOException {
        Bzip2BlockDecoder reused = new Bzip2BlockDecoder();
        int blocks = 0;
        for (int level : new int[] {1, 9, 4}) {
            for (byte[] data : inputs()) {
                byte[] compressed = ParallelBzip2InputStreamTest.bzip2(level, data);
                ByteArrayOutputStream all = new ByteArrayOutputStream();
                for (Bzip2Block b : blocks(compressed)) {
                    Bzip2Block.Decoded ours = b.decode(null, reused); // one decoder across levels and sizes
                    Bzip2Block.Decoded library = b.decodeWithLibrary(null);
                    assertArrayEquals(bytes(library), bytes(ours), "block " + b.index() + " of level " + level);
                    all.write(ours.bytes(), 0, ours.length());
                    blocks++;
                }
                assertArrayEquals(data, all.toByteArray(), "level " + level + ", " + data.length + " bytes");
            }
        }
        assertTrue(blocks > 40, "the inputs span many blocks: " + blocks);
    }

    @Test
    void aGivenBufferIsFilledAndGrownWhenRunsExpandTheBlock() throws IOException {
        byte[] runs = new byte[2_000_000];
        Arrays.fill(runs, (byte) 'q');
        Bzip2Block block = blocks(ParallelBzip2InputStreamTest.bzip2(1, runs)).get(0);
        byte[] buffer = new byte[Bzip2Block.usualSize(1)];
        Bzip2Block.Decoded d = block.decode(buffer, new Bzip2BlockDecoder());
        assertEquals(runs.length, d.length(), "a 100 kB block of runs holds the whole 2 MB");
        assertArrayEquals(runs, bytes(d));
    }

    @Test
    void damagedBlocksFailWithAnIoExceptionAndNeverDecodeToOtherBytes() throws IOException {
        byte[] data = TestData.nquads(300, 9);
        Bzip2Block block = blocks(ParallelBzip2InputStreamTest.bzip2(1, data)).get(0);
        Bzip2BlockDecoder decoder = new Bzip2BlockDecoder();
        Random r = new Random(3);
        int failed = 0;
        Map<String, Integer> reasons = new TreeMap<>();
        for (int i = 0; i < 3_000; i++) {
            long bit = i < 400 ? i : r.nextLong(block.bitLength()); // the whole header, then anywhere
            if (bit == 80) {
                continue; // the randomised flag: its own test
            }
            Bzip2Block damaged = flipped(block, bit);
            try {
                Bzip2Block.Decoded d = decoder.decode(damaged, null);
                fail("bit " + bit + " flipped still decoded, to " + (Arrays.equals(data, bytes(d)) ? "the same" : "other")
                        + " bytes");
            } catch (IOException expected) {
                failed++;
                reasons.merge(expected.getMessage().replaceAll("[0-9]+", "N"), 1, Integer::sum);
            } catch (RuntimeException e) {
                throw new AssertionError("bit " + bit + " flipped: " + e, e);
            }
        }
        assertTrue(failed > 2_500);
        // Most flips in the data give links of several cycles; a flip in the CRC, a CRC mismatch.
        assertTrue(reasons.containsKey("corrupt block: its transform is not one cycle"), reasons.toString());
        assertTrue(reasons.containsKey("block CRC does not match"), reasons.toString());
        assertArrayEquals(data, bytes(decoder.decode(block, null)), "the decoder is fine after the failures");
    }

    @Test
    void aCandidateCutShortOrRunningOnIsNoBlock() throws IOException {
        Bzip2Block block = blocks(ParallelBzip2InputStreamTest.bzip2(1, TestData.nquads(300, 4))).get(0);
        Bzip2BlockDecoder decoder = new Bzip2BlockDecoder();
        for (long cut : new long[] {1, 7, 8, 100, block.bitLength() - 200}) {
            Bzip2Block shorter = new Bzip2Block(block.stream(), block.index(), block.level(), block.startBit(),
                    block.bytes(), block.bitLength() - cut, block.last(), block.streamCrc());
            assertThrows(IOException.class, () -> decoder.decode(shorter, null), "cut by " + cut);
        }
        byte[] more = Arrays.copyOf(block.bytes(), block.bytes().length + 4);
        Bzip2Block longer = new Bzip2Block(block.stream(), block.index(), block.level(), block.startBit(), more,
                block.bitLength() + 9, block.last(), block.streamCrc());
        IOException e = assertThrows(IOException.class, () -> decoder.decode(longer, null));
        assertTrue(e.getMessage().contains("block ends at bit"), e.getMessage());
    }

    @Test
    void aRandomisedBlockGoesToTheLibrary() throws IOException {
        Bzip2Block block = blocks(ParallelBzip2InputStreamTest.bzip2(1, TestData.nquads(300, 4))).get(0);
        Bzip2Block randomised = flipped(block, 80); // after the 48-bit magic and the 32-bit CRC
        assertThrows(Bzip2BlockDecoder.RandomisedBlockException.class,
                () -> new Bzip2BlockDecoder().decode(randomised, null));
        // The library de-randomises the (not randomised) bytes into others: its CRC check fails.
        IOException viaLibrary = assertThrows(IOException.class, () -> randomised.decodeWithLibrary(null));
        IOException e = assertThrows(IOException.class, () -> randomised.decode(null, new Bzip2BlockDecoder()));
        assertEquals(viaLibrary.getMessage(), e.getMessage());
    }

    private static List<Bzip2Block> blocks(byte[] compressed) throws IOException {
        return ParallelBzip2InputStreamTest.split(new Bzip2BlockSplitter(new ByteArrayInputStream(compressed)));
    }

    private static Bzip2Block flipped(Bzip2Block b, long bit) {
        byte[] bytes = b.bytes().clone();
        long at = (b.startBit() & 7) + bit;
        bytes[(int) (at >>> 3)] ^= (byte) (0x80 >>> (at & 7));
        return new Bzip2Block(b.stream(), b.index(), b.level(), b.startBit(), bytes, b.bitLength(), b.last(),
                b.streamCrc());
    }

    private static byte[] bytes(Bzip2Block.Decoded d) {
        return Arrays.copyOf(d.bytes(), d.length());
    }
}
