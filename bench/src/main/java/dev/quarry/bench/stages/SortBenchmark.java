package dev.quarry.bench.stages;

import dev.quarry.bench.jmh.QuadRate;
import dev.quarry.loader.sort.BatchSorter;
import dev.quarry.loader.sort.SortedRunSpool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * The sort stage, one thread: encoded quads (ids from the loader's parser, in file order) cut
 * into batches of {@code batch} quads, each sorted by the loader's {@link BatchSorter} into
 * six delta-encoded runs (one per index) and handed to a {@link SortedRunSpool}. With
 * {@code spill=true} the store's budget is 0, so every run goes through the spill writer to
 * disk and the invocation waits until all are written: the run-writing cost of a load larger
 * than its memory. The {@code quads} counter is the rate to read (quads/s).
 *
 * <p>Checked once per trial in the setup: the runs of one invocation are merged into the six
 * index files ({@code IndexMerger}), committed with the dictionary and the store validated;
 * it must hold exactly the distinct generated quads. Every invocation checks it got six runs
 * per batch.
 *
 * <pre>java -jar bench/target/benchmarks.jar stages.SortBenchmark -p quads=1000000</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 1, time = 5)
@Measurement(iterations = 3, time = 5)
public class SortBenchmark {

    @Param({"200000"})
    public long quads;

    /** Quads per batch; the loader picks 16 k to 1 M from its memory budget and worker count. */
    @Param({"262144"})
    public int batch;

    /** Whether every run is written to disk (a SortedRunSpool with no memory budget). */
    @Param({"false", "true"})
    public boolean spill;

    private ScratchStore scratch;
    private StageInput input;
    private BatchSorter sorter;
    private long[] work;
    private Path runDir;
    private SortedRunSpool lastRuns;

    @Setup(Level.Trial)
    public void prepare() throws Exception {
        scratch = new ScratchStore();
        input = StageInput.encoded(scratch, quads);
        sorter = new BatchSorter();
        work = SortedBatches.workArray(input, batch);
        freshRunDir();
        sortAndStore(new QuadRate());
        IndexFiles.Written written = IndexFiles.merge(lastRuns, scratch.session());
        if (written.distinct() != input.distinct) {
            throw new IllegalStateException("merged runs hold " + written.distinct() + " distinct quads, expected " + input.distinct);
        }
        IndexFiles.commitAndValidate(scratch, written.files(), input.dictionary, input.distinct);
        scratch.newSession();
        dropRuns();
    }

    @Setup(Level.Invocation)
    public void freshRunDir() throws IOException {
        runDir = scratch.newDirectory("runs-");
    }

    @TearDown(Level.Invocation)
    public void dropRuns() throws IOException {
        lastRuns.close();
        lastRuns = null;
        try (var files = Files.list(runDir)) {
            for (Path p : files.toList()) {
                Files.delete(p);
            }
        }
        Files.delete(runDir);
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        input.dictionary.close();
        scratch.close();
    }

    /** Sorts every batch into runs and adds them to a new run store (waiting for spills); returns the number of runs. */
    @Benchmark
    public int sortAndStore(QuadRate rate) throws InterruptedException {
        SortedRunSpool runs = new SortedRunSpool(runDir, spill ? 0 : Long.MAX_VALUE);
        lastRuns = runs;
        int made = SortedBatches.sortInto(input, batch, sorter, work, runs);
        runs.finishSpills();
        if (spill && runs.spilledRuns() != made) {
            throw new IllegalStateException(runs.spilledRuns() + " runs spilled of " + made);
        }
        rate.quads += input.count;
        return made;
    }
}
