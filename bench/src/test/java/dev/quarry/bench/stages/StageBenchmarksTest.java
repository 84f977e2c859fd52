package dev.quarry.bench.stages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.bench.jmh.QuadRate;
import dev.quarry.loader.input.Bzip2BlockBenchmark;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Each stage benchmark at a tiny size, as JMH drives it: the trial setup (which includes its
 * output check), one invocation with its fixtures, the teardown. So the build catches a
 * benchmark broken by a change in the loader. No timings here.
 */
class StageBenchmarksTest {
    private static final int QUADS = 3_000;

    @Test
    void parseQuarryAndRiotReadTheSameQuads() throws Exception {
        NQuadsParseBenchmark b = new NQuadsParseBenchmark();
        b.quads = QUADS;
        b.prepare();
        try {
            QuadRate rate = new QuadRate();
            b.quarry(rate);
            b.riotToIds(rate);
            b.riot(rate);
            assertEquals(3L * QUADS, rate.quads);
        } finally {
            b.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"quarry", "commons-compress"})
    void bzip2BlocksDecodeToTheBytesCompressed(String decoder) throws Exception {
        Bzip2BlockBenchmark b = new Bzip2BlockBenchmark();
        b.decoder = decoder;
        b.cut();
        assertEquals(DecompressBenchmark.DATA_MB * 1_000_000L, b.decodeAll());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void encodeWithWorkersSharingTheDictionary(int threads) throws Exception {
        EncodeBenchmark b = new EncodeBenchmark();
        b.quads = QUADS;
        b.threads = threads;
        b.prepare();
        try {
            QuadRate rate = new QuadRate();
            assertTrue(b.encode(rate) > 0, "new terms");
            assertEquals(QUADS, rate.quads);
        } finally {
            b.close();
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void sortInSeveralBatches(boolean spill) throws Exception {
        SortBenchmark b = new SortBenchmark();
        b.quads = QUADS;
        b.batch = 1_000;
        b.spill = spill;
        b.prepare();
        try {
            QuadRate rate = new QuadRate();
            b.freshRunDir();
            assertEquals(3 * 6, b.sortAndStore(rate));
            b.dropRuns();
            assertEquals(QUADS, rate.quads);
        } finally {
            b.close();
        }
    }

    @Test
    void sstWrite() throws Exception {
        SstWriteBenchmark b = new SstWriteBenchmark();
        b.quads = QUADS;
        b.batch = 1_000;
        b.prepare();
        try {
            SstWriteBenchmark.KeyRate rate = new SstWriteBenchmark.KeyRate();
            assertEquals(6, b.indexMerger(rate));
            b.deleteFiles();
            long keys = b.sstFileBuilder(rate);
            b.deleteFiles();
            assertEquals(7 * keys, rate.keys);
        } finally {
            b.close();
        }
    }

    @Test
    void decompressGzipAndChunkLines() throws Exception {
        Blackhole bh = new Blackhole("Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
        try {
            DecompressBenchmark.Codec gzip = new DecompressBenchmark.Codec();
            gzip.codec = "gzip";
            gzip.compress();
            DecompressBenchmark.Plain plain = new DecompressBenchmark.Plain();
            plain.generate();
            DecompressBenchmark b = new DecompressBenchmark();
            assertEquals(DecompressBenchmark.DATA_MB * 1_000_000L, b.decode(gzip, bh));
            assertEquals(DecompressBenchmark.DATA_MB * 1_000_000L, b.chunkLines(plain, bh));
        } finally {
            bh.evaporate("Yes, I am Stephen Hawking, and know a thing or two about black holes.");
        }
    }
}
