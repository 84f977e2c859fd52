package dev.quarry.loader.input;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ParallelBzip2InputStreamTest {
    private static final Duration NO_HANG = Duration.ofSeconds(20);

    /** Level 1 (100 kB blocks) keeps "many blocks" small: 1.2 MB of N-Quads is about a dozen. */
    private static final byte[] TEXT = TestData.nquads(12_000, 11);

    @ParameterizedTest
    @ValueSource(ints = {1, 9})
    void decodesLikeCommonsCompressAtEverySize(int level) throws IOException {
        Random r = new Random(level);
        byte[] random = new byte[350_000]; // incompressible: several level-1 blocks
        r.nextBytes(random);
        for (byte[] data : List.of(new byte[0], new byte[] {'x'}, Arrays.copyOf(TEXT, 50_000), TEXT, random)) {
            byte[] compressed = bzip2(level, data);
            byte[] expected = new BZip2CompressorInputStream(new ByteArrayInputStream(compressed), true).readAllBytes();
            assertArrayEquals(data, expected, "commons-compress round trip");
            assertArrayEquals(expected, decode(compressed, 3), "level " + level + ", " + data.length + " bytes");
        }
    }

    @Test
    void oneDecoderAndByteAtATimeReadsGiveTheSameBytes() throws IOException {
        byte[] compressed = bzip2(1, TEXT);
        assertArrayEquals(TEXT, decode(compressed, 1));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = open(compressed, new Bzip2BlockSplitter(new ByteArrayInputStream(compressed)), 2)) {
            int b;
            while ((b = in.read()) >= 0) {
                out.write(b);
            }
        }
        assertArrayEquals(TEXT, out.toByteArray());
    }

    @Test
    void concatenatedStreamsOfDifferentLevelsIncludingAnEmptyOne() throws IOException {
        byte[] a = Arrays.copyOf(TEXT, 700_000);
        byte[] b = TestData.nquads(30, 12);
        byte[] c = TestData.nquads(3_000, 13);
        byte[] compressed = CompressionTest.concat(bzip2(1, a), bzip2(9, b), bzip2(5, new byte[0]), bzip2(3, c));
        assertArrayEquals(CompressionTest.concat(a, b, c), decode(compressed, 3));
    }

    @Test
    void longRunsExpandFarBeyondTheBlockSize() throws IOException {
        // bzip2's first run-length stage packs up to 255 equal bytes in 5: a 100 kB block holds megabytes.
        byte[] runs = new byte[6_000_000];
        for (int i = 0; i < runs.length; i += 100_000) {
            Arrays.fill(runs, i, Math.min(runs.length, i + 100_000), (byte) ('a' + i / 100_000 % 26));
        }
        assertArrayEquals(runs, decode(bzip2(1, runs), 2));
    }

    @Test
    void falseBlockMagicsAreJoinedBackAndTheOutputIsExact() throws IOException {
        byte[] compressed = CompressionTest.concat(bzip2(1, TEXT), bzip2(2, Arrays.copyOf(TEXT, 150_000)));
        List<Bzip2Block> blocks = split(new Bzip2BlockSplitter(new ByteArrayInputStream(compressed)));
        assertTrue(blocks.size() > 10, "enough blocks to cut into: " + blocks.size());
        // Cuts as a block magic found by chance would make: just after a block's magic and CRC,
        // in the middle, twice in one block, just before the next magic, in the last block of a stream.
        List<Long> cuts = new ArrayList<>();
        Bzip2Block first = blocks.get(0);
        cuts.add(first.startBit() + Bzip2Block.HEADER_BITS + 1);
        Bzip2Block third = blocks.get(2);
        cuts.add(third.startBit() + third.bitLength() / 3);
        cuts.add(third.startBit() + 2 * third.bitLength() / 3 + 5);
        Bzip2Block fifth = blocks.get(4);
        cuts.add(fifth.endBit() - 60); // a false candidate too short for a CRC
        for (Bzip2Block b : blocks) {
            if (b.last()) {
                cuts.add(b.startBit() + b.bitLength() / 2 + 3);
            }
        }
        Bzip2BlockSplitter hooked = new Bzip2BlockSplitter(new ByteArrayInputStream(compressed));
        hooked.cutAlsoAt(cuts.stream().mapToLong(Long::longValue).toArray());
        List<Bzip2Block> candidates = split(hooked);
        assertEquals(blocks.size() + cuts.size(), candidates.size(), "every extra cut made a candidate");

        Bzip2BlockSplitter again = new Bzip2BlockSplitter(new ByteArrayInputStream(compressed));
        again.cutAlsoAt(cuts.stream().mapToLong(Long::longValue).toArray());
        byte[] expected = CompressionTest.concat(TEXT, Arrays.copyOf(TEXT, 150_000));
        assertArrayEquals(expected, readAll(open(compressed, again, 3)));
    }

    @Test
    void aCandidateDecodesAloneAndJoinsWithItsNeighbour() throws IOException {
        byte[] compressed = bzip2(1, TEXT);
        List<Bzip2Block> blocks = split(new Bzip2BlockSplitter(new ByteArrayInputStream(compressed)));
        Bzip2Block second = blocks.get(1);
        Bzip2BlockSplitter hooked = new Bzip2BlockSplitter(new ByteArrayInputStream(compressed));
        hooked.cutAlsoAt(second.startBit() + 12_345);
        List<Bzip2Block> candidates = split(hooked);
        Bzip2Block front = candidates.get(1);
        Bzip2Block back = candidates.get(2);
        assertThrows(Exception.class, front::decode, "a block cut short does not decode");
        Bzip2Block joined = front.joinedWith(back);
        assertEquals(second.bitLength(), joined.bitLength());
        assertArrayEquals(second.asSingleBlockStream(), joined.asSingleBlockStream());
        int before = blocks.get(0).decode().length();
        Bzip2Block.Decoded d = joined.decode();
        assertArrayEquals(Arrays.copyOfRange(TEXT, before, before + d.length()), Arrays.copyOf(d.bytes(), d.length()),
                "the second block's text");
    }

    @Test
    void corruptBytesAreAnErrorNamingTheCompressedOffset() throws IOException {
        byte[] good = bzip2(1, TEXT);
        for (int at : new int[] {good.length / 5, good.length / 2, good.length - 300, good.length - 6, good.length - 2}) {
            byte[] bad = good.clone();
            bad[at] ^= 0x10;
            IOException e = assertThrows(IOException.class, () -> assertTimeoutPreemptively(NO_HANG,
                    () -> decode(bad, 3)), "byte " + at);
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
            assertTrue(e.getMessage().contains("compressed byte") || e instanceof EOFException, e.getMessage());
        }
    }

    @Test
    void truncatedInputIsAnEofErrorAfterTheBytesBeforeIt() throws IOException {
        byte[] good = bzip2(1, TEXT);
        for (int length : new int[] {4, 9, 20, good.length / 3, good.length - 1}) {
            byte[] cut = Arrays.copyOf(good, length);
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            assertThrows(EOFException.class, () -> assertTimeoutPreemptively(NO_HANG, () -> {
                try (InputStream in = open(cut, new Bzip2BlockSplitter(new ByteArrayInputStream(cut)), 2)) {
                    in.transferTo(got);
                }
            }), "cut at " + length);
            assertArrayEquals(Arrays.copyOf(TEXT, got.size()), got.toByteArray(), "a prefix of the data first");
        }
    }

    @Test
    void trailingGarbageIsAnError() throws IOException {
        byte[] good = bzip2(9, TEXT);
        for (String garbage : List.of("x", "garbage after", "\0\0\0\0\0\0\0\0")) {
            byte[] bad = CompressionTest.concat(good, garbage.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            IOException e = assertThrows(IOException.class, () -> decode(bad, 2), garbage);
            assertTrue(e.getMessage().startsWith("garbage after bzip2 stream 1 at compressed byte " + good.length),
                    e.getMessage());
        }
    }

    @Test
    void closingEarlyStopsTheDecoderThreads() throws Exception {
        byte[] compressed = bzip2(1, TEXT);
        // Closed before reading, after a little, and from another thread while the reader waits.
        try (InputStream in = open(compressed, new Bzip2BlockSplitter(new ByteArrayInputStream(compressed)), 3)) {
            assertEquals(TEXT[0], in.read());
            assertTrue(decoderThreads().stream().allMatch(Thread::isDaemon), "daemon threads");
            assertFalse(decoderThreads().isEmpty(), "decoders run while reading");
        }
        assertEquals(List.of(), decoderThreads());
        open(compressed, new Bzip2BlockSplitter(new ByteArrayInputStream(compressed)), 2).close();
        assertEquals(List.of(), decoderThreads());

        CountDownLatch reading = new CountDownLatch(1);
        InputStream blocked = new InputStream() { // a source that stalls after its first 10 kB
            private int served;

            @Override
            public int read() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (served >= 10_000) {
                    reading.countDown();
                    try {
                        Thread.sleep(60_000);
                    } catch (InterruptedException e) {
                        throw new java.io.InterruptedIOException();
                    }
                }
                int n = Math.min(len, 10_000 - served);
                System.arraycopy(compressed, served, b, off, n);
                served += n;
                return n;
            }
        };
        InputStream in = open(compressed, new Bzip2BlockSplitter(blocked), 2);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread reader = new Thread(() -> {
            try {
                in.readAllBytes();
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "test-reader");
        reader.start();
        reading.await();
        in.close();
        assertEquals(List.of(), decoderThreads(), "decoders stop even while the reader is stuck in its source");
        reader.interrupt();
        reader.join(10_000);
        assertFalse(reader.isAlive());
    }

    private static List<Thread> decoderThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("quarry-bzip2-") && t.getName().endsWith(" test.bz2") && t.isAlive())
                .toList();
    }

    static byte[] bzip2(int level, byte[] data) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (BZip2CompressorOutputStream out = new BZip2CompressorOutputStream(bytes, level)) {
            out.write(data);
        }
        return bytes.toByteArray();
    }

    private static byte[] decode(byte[] compressed, int decoders) throws IOException {
        return readAll(open(compressed, new Bzip2BlockSplitter(new ByteArrayInputStream(compressed)), decoders));
    }

    private static InputStream open(byte[] compressed, Bzip2BlockSplitter splitter, int decoders) {
        return new ParallelBzip2InputStream(new ByteArrayInputStream(compressed), splitter, "test.bz2", decoders);
    }

    private static byte[] readAll(InputStream in) throws IOException {
        try (in) {
            return in.readAllBytes();
        }
    }

    static List<Bzip2Block> split(Bzip2BlockSplitter splitter) throws IOException {
        List<Bzip2Block> blocks = new ArrayList<>();
        Bzip2Block b;
        while ((b = splitter.next()) != null) {
            blocks.add(b);
        }
        return blocks;
    }
}
