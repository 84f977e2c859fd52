package dev.quarry.bench.prefixes;

import dev.quarry.loader.BulkLoader;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.LoadReport;
import dev.quarry.store.QuadStore;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Generates Turtle files that each begin with N distinct {@code @prefix} declarations
 * (default 10 million) and bulk-loads them into a fresh store, printing the load time and
 * the peak heap. Run with the heap the issue allows:
 *
 * <pre>java -Xmx1g -cp bench/target/benchmarks.jar dev.quarry.bench.prefixes.PrefixLoadBenchmark DIR [PREFIXES] [FILES]</pre>
 */
public final class PrefixLoadBenchmark {
    private PrefixLoadBenchmark() {}

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        int prefixes = args.length > 1 ? Integer.parseInt(args[1]) : 10_000_000;
        int fileCount = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        Files.createDirectories(dir);
        List<String> files = new ArrayList<>();
        long expected = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < fileCount; i++) {
            Path f = dir.resolve("prefixes-" + prefixes + "-" + i + ".ttl");
            expected += write(f, prefixes, i);
            files.add(f.toString());
        }
        System.out.printf("generated %d file(s) of %,d prefixes (%,d bytes each) in %.1f s%n", fileCount, prefixes,
                Files.size(Path.of(files.get(0))), (System.nanoTime() - t0) / 1e9);
        Path storeDir = Files.createTempDirectory(dir, "store-");
        resetPeaks();
        long t1 = System.nanoTime();
        LoadReport r;
        try (QuadStore store = QuadStore.open(storeDir)) {
            r = BulkLoader.load(store, LoadOptions.of(files).withThreads(Math.max(2, fileCount)));
            if (store.stats().quads() != expected) {
                throw new IllegalStateException("expected " + expected + " quads, store has " + store.stats().quads());
            }
        }
        double seconds = (System.nanoTime() - t1) / 1e9;
        System.out.printf("loaded %,d statements in %.1f s; -Xmx %d MB; peak heap (JMX pools) %d MB; "
                        + "loader's sampled peak %d MB; parsing errors %d%n", r.totalRecords(), seconds,
                Runtime.getRuntime().maxMemory() >> 20, peakHeap() >> 20, r.peakHeapBytes() >> 20, r.parsingErrors());
    }

    /** The document: N declarations, one statement per 1,000 of them, then a redefinition in use. */
    static long write(Path file, int prefixes, int doc) throws IOException {
        long triples = 0;
        try (BufferedWriter w = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(file),
                StandardCharsets.UTF_8), 1 << 20)) {
            for (int i = 0; i < prefixes; i++) {
                w.write("@prefix ns" + i + ": <http://bench.example.org/vocab/" + i + "#> .\n");
            }
            for (int i = 0; i < prefixes; i += 1000) {
                w.write("ns" + i + ":item" + doc + " ns" + (i + 3) % prefixes + ":rel ns" + (i + 11) % prefixes + ":x .\n");
                triples++;
            }
            w.write("@prefix ns0: <http://bench.example.org/redefined/" + doc + "#> .\nns0:a ns0:b ns0:c .\n");
            return triples + 1;
        }
    }

    private static void resetPeaks() {
        System.gc();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                pool.resetPeakUsage();
            }
        }
    }

    /** Sum of the heap pools' peaks: an upper bound of the heap in use at any moment. */
    private static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }
}
