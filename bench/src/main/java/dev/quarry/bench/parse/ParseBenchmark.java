package dev.quarry.bench.parse;

import dev.quarry.bench.gen.GeneratedFile;
import dev.quarry.bench.jmh.QuadRate;
import java.io.IOException;
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
 * RIOT parse throughput on generated BSBM-like data, one thread, from a file (page cache warm
 * after the first iteration). The {@code quads} counter is the figure to read: quads/s.
 *
 * <pre>java -jar bench/target/benchmarks.jar ParseBenchmark -p quads=1000000</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g"})
@Warmup(iterations = 2, time = 10)
@Measurement(iterations = 3, time = 10)
public class ParseBenchmark {

    @Param({"1000000"})
    public long quads;

    /** Output name of the generated file: N-Quads or Turtle. */
    @Param({"data.nq", "data.ttl"})
    public String file;

    private GeneratedFile data;

    @Setup(Level.Trial)
    public void generate() throws IOException {
        data = GeneratedFile.create(file, quads);
    }

    @TearDown(Level.Trial)
    public void delete() throws IOException {
        data.close();
    }

    @Benchmark
    public long riot(QuadRate rate) {
        StreamRDFCounting counter = StreamRDFLib.count();
        Lang lang = file.endsWith(".ttl") ? Lang.TURTLE : Lang.NQUADS;
        RDFParser.source(data.path()).lang(lang).parse(counter);
        long n = counter.count();
        if (n != quads) {
            throw new IllegalStateException("RIOT parsed " + n + " statements, expected " + quads);
        }
        rate.quads += n;
        return n;
    }
}
