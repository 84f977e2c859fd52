package dev.quarry.bench.stages;

import dev.quarry.bench.jmh.QuadRate;
import dev.quarry.loader.encode.LoadDictionary;
import dev.quarry.loader.parse.NQuadsParser;
import dev.quarry.loader.parse.QuadSink;
import dev.quarry.loader.parse.RiotFeedParser;
import dev.quarry.loader.prefix.SharedPrefixes;
import dev.quarry.store.encoding.TermId;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.lang.StreamRDFCounting;
import org.apache.jena.riot.system.StreamRDFLib;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The parse stage on the same generated N-Quads bytes in memory, one thread; the {@code quads}
 * counter is the rate to read (quads/s).
 *
 * <ul>
 *   <li>{@link #quarry}: the loader's byte-level {@link NQuadsParser}, which cannot run
 *       without encoding, so this is parse + dictionary encoding into a fresh dictionary
 *       (subtract {@code EncodeBenchmark} for the parse alone).</li>
 *   <li>{@link #riotToIds}: RIOT with the same encoding, through the loader's
 *       {@link RiotFeedParser} (its path for syntaxes other than N-Triples / N-Quads).</li>
 *   <li>{@link #riot}: RIOT alone, to Jena quads, counted: the baseline with no encoding.</li>
 * </ul>
 * Every invocation checks it read exactly the generated statements; the setup also checks the
 * byte-level parser left no line to its RIOT fallback (else it would measure RIOT).
 *
 * <pre>java -jar bench/target/benchmarks.jar stages.NQuadsParseBenchmark -p quads=1000000</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 1, time = 5)
@Measurement(iterations = 3, time = 5)
public class NQuadsParseBenchmark {

    @Param({"200000"})
    public long quads;

    private ScratchStore scratch;
    private SharedPrefixes prefixes;
    private byte[] data;
    private long emitted;
    private long sum;
    private final QuadSink sink = (s, p, o, g) -> {
        emitted++;
        sum += s ^ p ^ o ^ g;
    };

    @Setup(Level.Trial)
    public void prepare() throws IOException {
        scratch = new ScratchStore();
        prefixes = new SharedPrefixes(scratch.newDirectory("prefixes-"));
        data = StageInput.nquads(quads);
        try (LoadDictionary dictionary = scratch.newDictionary()) {
            NQuadsParser parser = new NQuadsParser(scratch.newEncoder(dictionary), true);
            parser.parse(data, 0, data.length, 1, 1, TermId.DEFAULT_GRAPH, StrictErrors.INSTANCE, sink);
            if (parser.fallbackLines() != 0) {
                throw new IllegalStateException(parser.fallbackLines() + " generated lines went to the RIOT fallback");
            }
        }
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        prefixes.close();
        scratch.close();
    }

    @Benchmark
    public long quarry(QuadRate rate) {
        try (LoadDictionary dictionary = scratch.newDictionary()) {
            NQuadsParser parser = new NQuadsParser(scratch.newEncoder(dictionary), true);
            emitted = 0;
            parser.parse(data, 0, data.length, 1, 1, TermId.DEFAULT_GRAPH, StrictErrors.INSTANCE, sink);
            return counted(emitted, rate);
        }
    }

    @Benchmark
    public long riotToIds(QuadRate rate) {
        try (LoadDictionary dictionary = scratch.newDictionary()) {
            RiotFeedParser parser = new RiotFeedParser(scratch.newEncoder(dictionary), prefixes);
            emitted = 0;
            long statements = parser.parse("bench.nq", new ByteArrayInputStream(data), Lang.NQUADS, null, new UUID(1, 1),
                    TermId.DEFAULT_GRAPH, StrictErrors.INSTANCE, sink);
            if (statements != emitted) {
                throw new IllegalStateException("RIOT read " + statements + " statements, encoded " + emitted);
            }
            return counted(emitted, rate);
        }
    }

    @Benchmark
    public long riot(QuadRate rate) {
        StreamRDFCounting counter = StreamRDFLib.count();
        RDFParser.source(new ByteArrayInputStream(data)).lang(Lang.NQUADS).parse(counter);
        return counted(counter.count(), rate);
    }

    private long counted(long n, QuadRate rate) {
        if (n != quads) {
            throw new IllegalStateException("read " + n + " statements, generated " + quads);
        }
        rate.quads += n;
        return sum;
    }
}
