package dev.quarry.loader.input;

import dev.quarry.bench.stages.DecompressBenchmark;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * bzip2 block decoding on one thread: {@code quarry} is {@link Bzip2BlockDecoder}, which
 * the loader uses, {@code commons-compress} the library decoding each block as a one-block
 * stream (as the loader did before, and still does for randomised blocks). The data is
 * {@code DecompressBenchmark}'s 16 MB of generated N-Quads, bzip2 level 9, cut into blocks
 * once; one operation decodes every block, so MB/s of output = ops/s x 16.
 *
 * <p>In the loader's package because the block classes are package-private: the loader's
 * API is the decoded stream, not the blocks.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar Bzip2BlockBenchmark -f 1 -wi 2 -i 5}
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(1)
@State(Scope.Benchmark)
public class Bzip2BlockBenchmark {
    @Param({"quarry", "commons-compress"})
    public String decoder;

    private List<Bzip2Block> blocks;
    private long expectedBytes;
    private final Bzip2BlockDecoder blockDecoder = new Bzip2BlockDecoder();
    private byte[] buffer;

    @Setup(Level.Trial)
    public void cut() throws IOException {
        byte[] data = DecompressBenchmark.nquads();
        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        try (BZip2CompressorOutputStream out = new BZip2CompressorOutputStream(compressed, 9)) {
            out.write(data);
        }
        Bzip2BlockSplitter splitter = new Bzip2BlockSplitter(new ByteArrayInputStream(compressed.toByteArray()));
        blocks = new ArrayList<>();
        for (Bzip2Block b = splitter.next(); b != null; b = splitter.next()) {
            blocks.add(b);
        }
        expectedBytes = data.length;
        if (decodeAll() != expectedBytes) {
            throw new IllegalStateException("the blocks do not decode to the " + expectedBytes + " bytes compressed");
        }
    }

    @Benchmark
    public long decodeAll() throws IOException {
        long total = 0;
        for (Bzip2Block b : blocks) {
            Bzip2Block.Decoded d = decoder.equals("quarry") ? b.decode(buffer, blockDecoder) : b.decodeWithLibrary(buffer);
            buffer = d.bytes();
            total += d.length();
        }
        return total;
    }
}
