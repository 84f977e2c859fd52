package dev.quarry.bench.load;

import dev.quarry.bench.gen.GeneratedFile;
import dev.quarry.bench.jmh.QuadRate;
import dev.quarry.loader.BulkLoader;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.LoadReport;
import dev.quarry.store.QuadStore;
import java.util.List;
import dev.quarry.store.WriteTransaction;
import dev.quarry.store.verify.StoreValidator;
import dev.quarry.store.verify.ValidationReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.system.StreamRDF;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.sparql.core.Quad;
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
 * Generated N-Quads into a fresh store, end to end, one invocation = one whole load; the
 * {@code quads} counter is the rate to read (quads/s). After every load the store is validated
 * ({@link StoreValidator}: all six indexes and the dictionary agree) and must hold exactly the
 * generated number of quads, or the benchmark fails.
 *
 * <p>{@link #bulkLoader} is the product's load path ({@link BulkLoader}: parallel parse,
 * encode, sort, SST files, one atomic ingest). {@link #writeTransactionBatches} is the
 * transactional path (RIOT into {@link WriteTransaction}s of {@code batch} quads, through
 * the write-ahead log): a floor to compare against.
 *
 * <pre>java -jar bench/target/benchmarks.jar LoadBenchmark -p quads=200000</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 1, time = 10)
@Measurement(iterations = 3, time = 10)
public class LoadBenchmark {

    @Param({"200000"})
    public long quads;

    /** Quads per write transaction. */
    @Param({"50000"})
    public int batch;

    private GeneratedFile data;
    private Path storeDir;

    @Setup(Level.Trial)
    public void generate() throws IOException {
        data = GeneratedFile.create("data.nq", quads);
    }

    @TearDown(Level.Trial)
    public void delete() throws IOException {
        data.close();
    }

    @Setup(Level.Invocation)
    public void freshStore() throws IOException {
        storeDir = Files.createTempDirectory("quarry-bench-store-");
    }

    /** Outside the timing: the loaded store must be consistent and hold every quad. */
    @TearDown(Level.Invocation)
    public void verifyAndDelete() throws IOException {
        try (QuadStore store = QuadStore.open(storeDir)) {
            ValidationReport report = StoreValidator.validate(store);
            if (!report.ok() || report.quads() != quads) {
                throw new IllegalStateException("store holds " + report.quads() + " quads, expected " + quads
                    + "; problems: " + report.problems());
            }
        } finally {
            deleteTree(storeDir);
        }
    }

    @Benchmark
    public void bulkLoader(QuadRate rate) {
        try (QuadStore store = QuadStore.open(storeDir)) {
            LoadReport report = BulkLoader.load(store, LoadOptions.of(List.of(data.path().toString())));
            if (report.totalRecords() != quads) {
                throw new IllegalStateException("bulk loader read " + report.totalRecords() + " records, expected " + quads);
            }
        }
        rate.quads += quads;
    }

    @Benchmark
    public void writeTransactionBatches(QuadRate rate) {
        try (QuadStore store = QuadStore.open(storeDir)) {
            BatchedWriter writer = new BatchedWriter(store, batch);
            RDFParser.source(data.path()).lang(Lang.NQUADS).parse(writer);
            writer.commitPending();
        }
        rate.quads += quads;
    }

    /** Adds parsed quads to the store, committing every {@code batch} quads. */
    private static final class BatchedWriter extends StreamRDFBase implements StreamRDF {
        private final QuadStore store;
        private final int batch;
        private WriteTransaction txn;
        private int pending;

        BatchedWriter(QuadStore store, int batch) {
            this.store = store;
            this.batch = batch;
        }

        @Override
        public void quad(Quad q) {
            if (txn == null) {
                txn = store.beginWrite();
            }
            txn.add(q.isDefaultGraph() ? null : q.getGraph(), q.getSubject(), q.getPredicate(), q.getObject());
            if (++pending == batch) {
                commitPending();
            }
        }

        /** Called by the parser at the end of the input. */
        @Override
        public void finish() {
            commitPending();
        }

        void commitPending() {
            if (txn != null) {
                txn.commit();
                txn.close();
                txn = null;
                pending = 0;
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
