package dev.quarry.endpoint.cli;

import com.sun.management.HotSpotDiagnosticMXBean;
import dev.quarry.endpoint.cli.TrainingData.Packing;
import dev.quarry.endpoint.cli.TrainingData.Syntax;
import dev.quarry.endpoint.server.ServerOptions;
import dev.quarry.endpoint.server.WarmUp;
import dev.quarry.loader.BulkLoader;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.LoadReport;
import dev.quarry.store.QuadStore;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code quarry aot-train}: the training run of the JVM's ahead-of-time cache (JDK 25,
 * JEPs 483, 514 and 515). Started with {@code -XX:AOTCacheOutput=FILE}, the JVM writes into
 * FILE at exit the classes this run loaded and linked and the profiles of the methods it ran;
 * a JVM started later with {@code -XX:AOTCache=FILE} starts with those classes at hand and
 * compiles hot methods with C2 at once instead of first gathering profiles. Measured on
 * BSBM's official 5 M-triple files, 2 cores, three alternated pairs (docs/benchmarks.md):
 * N-Triples 10.8 -> 9.8 s, bzip2 N-Triples 18.6 -> 17.7 s, Turtle 10.5 -> 10.4 s. The
 * workload is synthetic ({@link TrainingData}) and names nothing of any benchmark: loads in
 * every text syntax and compression, then the server's generic
 * warm-up queries ({@link WarmUp}) through a private loopback server.
 */
@Command(name = "aot-train",
        mixinStandardHelpOptions = true,
        description = {
            "Runs a short synthetic workload for the JVM's ahead-of-time cache: ./quarry runs it before the first load of each build.",
            "",
            "Started as 'java -XX:AOTCacheOutput=FILE -jar quarry.jar aot-train' (JDK 25 or later), the JVM writes FILE at exit:"
            + " the classes the run used and the profiles of its hot methods. 'java -XX:AOTCache=FILE -jar quarry.jar load ...'"
            + " then starts with them and compiles the loader's hot code at once (./quarry adds this option itself)."
            + " The workload: loads of generated data (N-Triples, Turtle, bzip2-compressed N-Quads, gzip-compressed TriG)"
            + " into a store in a temporary directory (java.io.tmpdir; deleted at the end), then generic queries through a private server on 127.0.0.1.",
            ""})
final class AotTrainCommand implements Callable<Integer> {
    @Option(names = "--statements", paramLabel = "N",
            description = "Statements generated in all (default: ${DEFAULT-VALUE}).")
    int statements = 2_000_000;

    @Option(names = "--queries-for", paramLabel = "SECONDS",
            description = "At most this long for the queries, 0 for none (default: ${DEFAULT-VALUE}).")
    double querySeconds = 3;

    @Override
    public Integer call() throws IOException {
        if (statements < 1_000) {
            throw new CliFailure("--statements must be at least 1000, got " + statements);
        }
        if (!(querySeconds >= 0)) {
            throw new CliFailure("--queries-for must be 0 or more seconds, got " + querySeconds);
        }
        PrintStream out = System.out;
        String cache = aotCacheOutput();
        out.println(cache == null
                ? "aot-train: this JVM records no cache (start it with -XX:AOTCacheOutput=FILE); running the workload anyway"
                : "aot-train: the JVM writes " + cache + " at exit");
        Path work = Files.createTempDirectory("quarry-aot-train-");
        try {
            Path data = Files.createDirectories(work.resolve("data"));
            // Disjoint entities per file: the second load adds new terms to a store that has some.
            int n = statements / 20; // a twentieth: 8 of N-Triples, 6 of Turtle, 3 each of N-Quads and TriG
            Path nt = TrainingData.write(data.resolve("train.nt"), Syntax.NTRIPLES, Packing.PLAIN, 0, 8 * n, 1);
            List<Path> more = new ArrayList<>();
            more.add(TrainingData.write(data.resolve("train.ttl"), Syntax.TURTLE, Packing.PLAIN, 8 * n, 6 * n, 2));
            more.add(TrainingData.write(data.resolve("train.nq.bz2"), Syntax.NQUADS, Packing.BZIP2, 14 * n, 3 * n, 3));
            more.add(TrainingData.write(data.resolve("train.trig.gz"), Syntax.TRIG, Packing.GZIP, 17 * n, 3 * n, 4));
            try (QuadStore store = QuadStore.open(work.resolve("store"))) {
                report(out, "N-Triples", BulkLoader.load(store, LoadOptions.of(nt.toString()).withFailOnError(true)));
                report(out, "Turtle, N-Quads, TriG", BulkLoader.load(store,
                        LoadOptions.of(more.stream().map(Path::toString).toList()).withFailOnError(true)));
                if (querySeconds > 0) {
                    WarmUp.Result r = ServeLogging.quietDuringWarmUp(
                            () -> new WarmUp().run(store, ServerOptions.defaults(), Duration.ofMillis((long) (querySeconds * 1000))));
                    out.printf(Text.LOCALE, "aot-train: %,d queries in %.1f s%n", r.queries(), r.seconds());
                }
            }
        } finally {
            DemoCommand.deleteRecursively(work);
        }
        return Main.OK;
    }

    private static void report(PrintStream out, String what, LoadReport r) {
        out.printf(Text.LOCALE, "aot-train: loaded %,d statements of %s in %.1f s%n", r.totalRecords(), what, r.totalTimeSpent());
    }

    /** The file this JVM writes its AOT cache to, or null if it writes none. */
    private static String aotCacheOutput() {
        try {
            String v = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).getVMOption("AOTCacheOutput").getValue();
            return v == null || v.isEmpty() ? null : v;
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            return null; // an older JVM, or not HotSpot
        }
    }
}
