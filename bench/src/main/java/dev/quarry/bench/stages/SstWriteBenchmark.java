package dev.quarry.bench.stages;

import dev.quarry.loader.sort.BatchSorter;
import dev.quarry.loader.sort.SortedRunSpool;
import dev.quarry.store.BulkSession;
import dev.quarry.store.QuadCursor;
import dev.quarry.store.ReadView;
import dev.quarry.store.SstFileBuilder;
import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
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
 * The SST stage, one thread; the {@code keys} counter is the rate to read (index keys written per second).
 *
 * <ul>
 *   <li>{@link #indexMerger}: the loader's output path, {@code IndexMerger} merging the
 *       in-memory sorted runs of the generated quads (made in the setup by the loader's
 *       sorter) into the six index files, duplicates dropped: 6 keys per distinct quad.
 *       Checked once per trial in the setup: the same merge is committed with the dictionary
 *       and the store validated (exactly the distinct quads, all indexes agree); every
 *       invocation checks the SPOG merge's distinct count.</li>
 *   <li>{@link #sstFileBuilder}: RocksDB's SST writer alone ({@code BulkSession.newFile}),
 *       the SPOG keys of the distinct quads, sorted in the setup without the loader's code.
 *       Checked once per trial: the file is ingested into another store, whose SPOG index must
 *       then hold exactly that many quads; every invocation checks the writer's entry count.</li>
 * </ul>
 *
 * <pre>java -jar bench/target/benchmarks.jar stages.SstWriteBenchmark -p quads=1000000</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 1, time = 5)
@Measurement(iterations = 3, time = 5)
public class SstWriteBenchmark {

    /** Index keys written, reported per second beside the invocation rate. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class KeyRate {
        public long keys;

        @Setup(Level.Iteration)
        public void reset() {
            keys = 0;
        }
    }

    @Param({"200000"})
    public long quads;

    /**
     * Quads per sorted batch: the runs per index the merge has to merge (4 at 200 k quads, 16
     * at 1 M, as a load with a small {@code --memory} makes; a large budget makes fewer).
     */
    @Param({"65536"})
    public int batch;

    private ScratchStore scratch;
    private StageInput input;
    private SortedRunSpool runs;
    private long[] sortedSpog;
    private List<Path> written = List.of();

    @Setup(Level.Trial)
    public void prepare() throws Exception {
        scratch = new ScratchStore();
        input = StageInput.encoded(scratch, quads);
        runs = sortedRuns(input, batch, scratch.newDirectory("runs-"));
        IndexFiles.Written check = IndexFiles.merge(runs, scratch.session());
        IndexFiles.commitAndValidate(scratch, check.files(), input.dictionary, input.distinct);
        input.dictionary.close();
        scratch.newSession();
        sortedSpog = sortedDistinct(input);
        checkSstFileBuilder();
    }

    @TearDown(Level.Invocation)
    public void deleteFiles() throws IOException {
        for (Path p : written) {
            Files.deleteIfExists(p);
        }
        written = List.of();
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        runs.close();
        scratch.close();
    }

    @Benchmark
    public int indexMerger(KeyRate rate) {
        IndexFiles.Written w = IndexFiles.merge(runs, scratch.session());
        written = w.files();
        if (w.distinct() != input.distinct || w.files().size() != 6) {
            throw new IllegalStateException(w.files().size() + " files, " + w.distinct() + " distinct quads, expected 6 and "
                    + input.distinct);
        }
        rate.keys += 6 * w.distinct();
        return w.files().size();
    }

    @Benchmark
    public long sstFileBuilder(KeyRate rate) {
        long n = writeSpog(scratch.session());
        rate.keys += n;
        return n;
    }

    private long writeSpog(BulkSession session) {
        byte[] key = new byte[KeyLayout.QUAD_KEY_LENGTH];
        long[] quad = new long[4];
        try (SstFileBuilder f = session.newFile("spog")) {
            for (int i = 0; i < sortedSpog.length; i += 4) {
                System.arraycopy(sortedSpog, i, quad, 0, 4);
                KeyLayout.writeQuadKey(Permutation.SPOG, quad, key, 0);
                f.add(key);
            }
            long n = f.entries();
            Path file = f.finish();
            written = file == null ? List.of() : List.of(file);
            if (n != input.distinct || file == null) {
                throw new IllegalStateException("SST writer took " + n + " keys, expected " + input.distinct);
            }
            return n;
        }
    }

    /** The file {@link #sstFileBuilder} writes, ingested into a fresh store: its SPOG index must hold every key. */
    private void checkSstFileBuilder() throws IOException {
        try (ScratchStore other = new ScratchStore()) {
            writeSpog(other.session());
            other.session().commit(written);
            written = List.of();
            long n = 0;
            try (ReadView view = other.store.newReadView();
                 QuadCursor c = view.find(TermId.NONE, TermId.NONE, TermId.NONE, TermId.NONE)) {
                while (c.next()) {
                    n++;
                }
            }
            if (n != input.distinct) {
                throw new IllegalStateException("store made of the SST file holds " + n + " quads, expected " + input.distinct);
            }
        }
    }

    /** The loader's sorter on batches of the input, its runs kept in memory. */
    private static SortedRunSpool sortedRuns(StageInput input, int batch, Path spillDir) throws InterruptedException {
        SortedRunSpool runs = new SortedRunSpool(spillDir, Long.MAX_VALUE);
        SortedBatches.sortInto(input, batch, new BatchSorter(), SortedBatches.workArray(input, batch), runs);
        runs.finishSpills();
        return runs;
    }

    /** The distinct quads in SPOG order (unsigned), flattened: sorted by plain code, not the loader's. */
    private static long[] sortedDistinct(StageInput input) {
        long[][] rows = new long[input.count][];
        for (int i = 0; i < input.count; i++) {
            rows[i] = Arrays.copyOfRange(input.quads, i * 4, i * 4 + 4);
        }
        Arrays.sort(rows, Arrays::compareUnsigned);
        long[] out = new long[Math.toIntExact(input.distinct * 4)];
        int w = 0;
        for (int i = 0; i < rows.length; i++) {
            if (i == 0 || !Arrays.equals(rows[i], rows[i - 1])) {
                if (w == out.length) {
                    throw new IllegalStateException("more distinct quads than counted: " + input.distinct);
                }
                System.arraycopy(rows[i], 0, out, w, 4);
                w += 4;
            }
        }
        if (w != out.length) {
            throw new IllegalStateException(w / 4 + " distinct quads after sorting, counted " + input.distinct);
        }
        return out;
    }
}
