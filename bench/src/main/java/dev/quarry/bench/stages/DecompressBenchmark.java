package dev.quarry.bench.stages;

import com.github.luben.zstd.ZstdOutputStream;
import dev.quarry.loader.input.Chunk;
import dev.quarry.loader.input.Feed;
import dev.quarry.loader.input.FeedReader;
import dev.quarry.loader.input.LineChunker;
import dev.quarry.loader.input.RdfFormat;
import dev.quarry.loader.input.ReadAhead;
import dev.quarry.loader.input.StreamSource;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import net.jpountz.lz4.LZ4FrameOutputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;
import org.apache.commons.compress.compressors.lz4.FramedLZ4CompressorInputStream;
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
import org.openjdk.jmh.infra.Blackhole;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZOutputStream;
import org.xerial.snappy.SnappyFramedOutputStream;

/**
 * Decompression rate of the loader's input layer per codec, on the same generated N-Quads
 * ({@value #DATA_MB} MB decompressed). One operation decodes all of it, so MB/s of
 * decompressed N-Quads = ops/s x {@value #DATA_MB}.
 *
 * <ul>
 *   <li>{@code decode}: the production path (magic-byte sniffing, decoder chosen by the loader),
 *       decoding inline, plus library alternatives to justify the choices:
 *       {@code gzip-jdk} (java.util.zip.GZIPInputStream, lenient about what follows a member),
 *       {@code gzip-commons} (commons-compress), {@code lz4-commons} (commons-compress's
 *       pure-Java LZ4 frame reader instead of lz4-java's) and {@code bzip2-commons}
 *       (commons-compress on one thread, which the loader's parallel bzip2 decoder
 *       replaced: {@code bzip2} decodes blocks on one thread per core).</li>
 *   <li>{@code chunkLines}: cutting plain N-Quads into line-aligned chunks for parallel parsing.</li>
 *   <li>{@code gzipWithConsumer}: gzip inline vs on the read-ahead thread, with a consumer
 *       that burns CPU per 64 KiB block as a parser would; the thread pays off only when
 *       decoding and consuming can run on two free cores.</li>
 * </ul>
 *
 * Run: {@code java -jar bench/target/benchmarks.jar DecompressBenchmark -f 1 -wi 1 -i 3}
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(1)
public class DecompressBenchmark {
    static final int DATA_MB = 16;
    private static final int READ_BUFFER = 1 << 16;

    /** The data once per codec, compressed with the codec library's default settings. */
    @State(Scope.Benchmark)
    public static class Codec {
        @Param({"plain", "gzip", "gzip-jdk", "gzip-commons", "bzip2", "bzip2-commons", "xz", "zstd", "lz4", "lz4-commons",
            "snappy"})
        public String codec;

        byte[] compressed;

        @Setup(Level.Trial)
        public void compress() throws IOException {
            compressed = DecompressBenchmark.compress(codec.replaceAll("-(jdk|commons)$", ""), nquads());
        }
    }

    /** gzip data; whether it is decoded on the read-ahead thread. */
    @State(Scope.Benchmark)
    public static class Pipe {
        @Param({"OFF", "ON"})
        public ReadAhead readAhead;

        /** JMH consumeCPU tokens per 64 KiB consumed: a parse-like cost per byte. */
        @Param({"20000"})
        public int workPerBlock;

        byte[] compressed;

        @Setup(Level.Trial)
        public void compress() throws IOException {
            compressed = DecompressBenchmark.compress("gzip", nquads());
        }
    }

    /** Plain data for the chunker. */
    @State(Scope.Benchmark)
    public static class Plain {
        byte[] data;

        @Setup(Level.Trial)
        public void generate() {
            data = nquads();
        }
    }

    /** Cutting decompressed N-Quads into 4 MiB line-aligned chunks, buffers recycled as a parser would. */
    @Benchmark
    public long chunkLines(Plain p, Blackhole bh) throws IOException {
        LineChunker chunker = new LineChunker(new ByteArrayInputStream(p.data), "data.nq", LineChunker.DEFAULT_CHUNK_SIZE);
        long total = 0;
        Chunk c;
        while ((c = chunker.next()) != null) {
            total += c.length();
            bh.consume(c.firstLine());
            chunker.recycle(c);
        }
        if (total != p.data.length) {
            throw new IllegalStateException("chunks hold " + total + " bytes, expected " + p.data.length);
        }
        return total;
    }

    @Benchmark
    public long decode(Codec c, Blackhole bh) throws IOException {
        InputStream raw = new ByteArrayInputStream(c.compressed);
        return switch (c.codec) {
            case "gzip-jdk" -> drain(new GZIPInputStream(raw, READ_BUFFER), bh, 0);
            case "gzip-commons" -> drain(new GzipCompressorInputStream(raw, true), bh, 0);
            case "lz4-commons" -> drain(new FramedLZ4CompressorInputStream(raw, true), bh, 0);
            case "bzip2-commons" -> drain(new BZip2CompressorInputStream(raw, true), bh, 0);
            default -> drainFeed(raw, ReadAhead.OFF, bh, 0);
        };
    }

    @Benchmark
    public long gzipWithConsumer(Pipe p, Blackhole bh) throws IOException {
        return drainFeed(new ByteArrayInputStream(p.compressed), p.readAhead, bh, p.workPerBlock);
    }

    private static long drainFeed(InputStream raw, ReadAhead readAhead, Blackhole bh, int work) throws IOException {
        StreamSource source = new StreamSource("data.nq", raw, -1);
        try (FeedReader reader = source.open(new LongAdder(), RdfFormat.NQUADS, readAhead)) {
            Feed feed = reader.next();
            return drain(feed.stream(), bh, work);
        }
    }

    private static long drain(InputStream in, Blackhole bh, int work) throws IOException {
        byte[] buf = new byte[READ_BUFFER];
        long total = 0;
        try (in) {
            int n;
            while ((n = in.read(buf)) >= 0) {
                total += n;
                bh.consume(buf);
                if (work > 0) {
                    Blackhole.consumeCPU(work);
                }
            }
        }
        if (total != (long) DATA_MB * 1_000_000) {
            throw new IllegalStateException("decoded " + total + " bytes, expected " + DATA_MB + " MB");
        }
        return total;
    }

    /** Exactly {@value #DATA_MB} MB of N-Quads-like lines (varied IRIs, literals, graphs), seeded. */
    public static byte[] nquads() {
        Random r = new Random(20240501);
        int size = DATA_MB * 1_000_000;
        ByteArrayOutputStream out = new ByteArrayOutputStream(size + 512);
        StringBuilder line = new StringBuilder(256);
        while (out.size() < size) {
            line.setLength(0);
            line.append("<http://www.example").append(r.nextInt(50)).append(".org/product/").append(r.nextInt(1_000_000))
                    .append("> <http://purl.org/vocab/p").append(r.nextInt(40)).append("> ");
            switch (r.nextInt(3)) {
                case 0 -> line.append("\"").append(r.nextInt(100_000)).append("\"^^<http://www.w3.org/2001/XMLSchema#integer>");
                case 1 -> line.append("\"label ").append(Long.toHexString(r.nextLong())).append("\"@en");
                default -> line.append("<http://www.example").append(r.nextInt(50)).append(".org/offer/").append(r.nextInt(1_000_000)).append('>');
            }
            line.append(" <http://www.example.org/graph/").append(r.nextInt(100)).append("> .\n");
            out.writeBytes(line.toString().getBytes(StandardCharsets.UTF_8));
        }
        byte[] all = out.toByteArray();
        return java.util.Arrays.copyOf(all, size);
    }

    static byte[] compress(String codec, byte[] data) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = switch (codec) {
            case "plain" -> bytes;
            case "gzip" -> new GZIPOutputStream(bytes, READ_BUFFER);
            case "bzip2" -> new BZip2CompressorOutputStream(bytes);
            case "xz" -> new XZOutputStream(bytes, new LZMA2Options());
            case "zstd" -> new ZstdOutputStream(bytes);
            case "lz4" -> new LZ4FrameOutputStream(bytes);
            case "snappy" -> new SnappyFramedOutputStream(bytes);
            default -> throw new IllegalArgumentException("unknown codec " + codec);
        }) {
            out.write(data);
        }
        return bytes.toByteArray();
    }
}
