package dev.quarry.bench.stages;

import dev.quarry.bench.jmh.QuadRate;
import dev.quarry.loader.encode.LoadDictionary;
import dev.quarry.loader.encode.TermEncoder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
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
 * The dictionary-encoding stage alone: the terms of the generated quads, as the loader's
 * parser hands them over ({@link TermStream}: kinds and byte ranges, no parsing), through a
 * {@code TermEncoder} per worker (its caches of hot terms and namespaces) into a fresh, empty
 * {@code LoadDictionary} per invocation (64 hash shards, ids reserved from the store), as a
 * load into an empty store does. With {@code threads > 1}, that many workers share the
 * dictionary, each encoding a contiguous part of the quads, as the loader's parse workers do.
 * The {@code quads} counter is the rate to read (quads/s).
 *
 * <p>Checked once per trial in the setup: equal terms got equal ids, different terms
 * different ids, and the dictionary counted exactly the terms that are not inlined as new.
 * Every invocation checks that count again.
 *
 * <pre>java -jar bench/target/benchmarks.jar stages.EncodeBenchmark -p quads=1000000</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 1, time = 5)
@Measurement(iterations = 3, time = 5)
public class EncodeBenchmark {

    @Param({"200000"})
    public long quads;

    /** Encoding workers sharing the dictionary. */
    @Param({"1"})
    public int threads;

    private ExecutorService workers;
    private ScratchStore scratch;
    private TermStream terms;
    private long[] ids;
    private long newTerms = -1;

    @Setup(Level.Trial)
    public void prepare() throws Exception {
        workers = Executors.newFixedThreadPool(threads);
        scratch = new ScratchStore();
        terms = TermStream.of(StageInput.nquads(quads), Math.toIntExact(quads));
        ids = new long[terms.quads() * 4];
        long expected = encodeOnce();
        long inDictionary = terms.checkIds(ids);
        if (expected != inDictionary) {
            throw new IllegalStateException("dictionary counted " + expected + " new terms, the ids name " + inDictionary);
        }
        newTerms = expected;
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        workers.shutdownNow();
        scratch.close();
    }

    @Benchmark
    public long encode(QuadRate rate) throws Exception {
        long n = encodeOnce();
        if (n != newTerms) {
            throw new IllegalStateException("dictionary counted " + n + " new terms, expected " + newTerms);
        }
        rate.quads += terms.quads();
        return n;
    }

    /** Encodes all terms with a fresh dictionary; returns the number of new terms it holds. */
    private long encodeOnce() throws Exception {
        try (LoadDictionary dictionary = scratch.newDictionary()) {
            int n = terms.quads();
            int part = (n + threads - 1) / threads;
            List<Future<?>> parts = new ArrayList<>(threads);
            for (int from = 0; from < n; from += part) {
                TermEncoder encoder = scratch.newEncoder(dictionary);
                int start = from, end = Math.min(n, from + part);
                parts.add(workers.submit(() -> terms.encode(encoder, ids, start, end)));
            }
            for (Future<?> f : parts) {
                f.get();
            }
            if (dictionary.spillCount() > 0) {
                throw new IllegalStateException("the dictionary spilled: raise ScratchStore.DICTIONARY_BUDGET");
            }
            return dictionary.newTerms();
        }
    }
}
