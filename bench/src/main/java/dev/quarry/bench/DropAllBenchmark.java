package dev.quarry.bench;

import dev.quarry.bench.drop.QuarryBulkFill;
import dev.quarry.bench.drop.Tdb2Peer;
import dev.quarry.store.QuadStore;
import dev.quarry.store.ReadView;
import dev.quarry.store.WriteTransaction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.jena.graph.NodeFactory;

/**
 * How long DROP ALL takes on a small and a large store, Quarry against Jena TDB2, on the
 * same generated quads in the same run. Every run fills a fresh store (Quarry: one bulk
 * ingest of sorted SST files; TDB2: its phased loader), checks the count, then times
 * <ul>
 *   <li>drop: the call ({@code QuadStore.dropAll()}; TDB2: the {@code DROP ALL} update in a committed write transaction);</li>
 *   <li>until empty: from the start of the drop until the store reports no quad.</li>
 * </ul>
 * After Quarry's last drop of each size it checks that the store reopens empty and takes
 * new data. Prints the median of the runs.
 *
 * <p>Usage: {@code DropAllBenchmark [--runs 5] [--sizes 1000,1000000] [--dir DIR] [--no-tdb2]}
 */
public final class DropAllBenchmark {
    private record Timing(double dropMs, double untilEmptyMs, long diskBefore, long diskAfter) {}

    public static void main(String[] args) throws IOException {
        int runs = 5;
        List<Integer> sizes = List.of(1_000, 1_000_000);
        Path work = null;
        boolean tdb2 = true;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--sizes" -> sizes = java.util.Arrays.stream(args[++i].split(",")).map(Integer::parseInt).toList();
                case "--dir" -> work = Path.of(args[++i]);
                case "--no-tdb2" -> tdb2 = false;
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + "; usage: DropAllBenchmark [--runs N] [--sizes 1000,1000000] [--dir DIR] [--no-tdb2]");
            }
        }
        work = work == null ? Files.createTempDirectory("quarry-dropall-") : Files.createDirectories(work);
        List<String> rows = new ArrayList<>();
        for (int n : sizes) {
            List<Timing> quarry = new ArrayList<>();
            for (int r = 0; r < runs; r++) {
                quarry.add(quarryRun(work.resolve("quarry-" + n + "-" + r), n, r == runs - 1));
            }
            rows.add(row("Quarry", n, quarry));
            if (tdb2) {
                List<Timing> peer = new ArrayList<>();
                for (int r = 0; r < runs; r++) {
                    peer.add(tdb2Run(work.resolve("tdb2-" + n + "-" + r), n));
                }
                rows.add(row("Jena TDB2 " + org.apache.jena.Jena.VERSION, n, peer));
            }
        }
        System.out.println();
        System.out.println("| system | quads | drop (ms, median) | until empty (ms, median) | runs | files on disk before -> right after drop |");
        System.out.println("|---|---:|---:|---:|---:|---|");
        rows.forEach(System.out::println);
        deleteRecursively(work);
    }

    private static Timing quarryRun(Path dir, int n, boolean checkAfter) throws IOException {
        long diskBefore, diskAfter;
        double dropMs, emptyMs;
        try (QuadStore store = QuadStore.open(dir)) {
            QuarryBulkFill.fill(store, n);
            check(store.stats().quads() == n, "Quarry holds " + store.stats().quads() + " quads, not " + n);
            diskBefore = store.diskBytes();
            long t0 = System.nanoTime();
            store.dropAll();
            long t1 = System.nanoTime();
            boolean empty;
            try (ReadView v = store.newReadView()) {
                empty = store.stats(v).quads() == 0 && !v.contains(0, 0, 0, 0);
            }
            long t2 = System.nanoTime();
            check(empty, "Quarry is not empty after DROP ALL");
            dropMs = (t1 - t0) / 1e6;
            emptyMs = (t2 - t0) / 1e6;
            diskAfter = store.diskBytes();
        }
        if (checkAfter) {
            checkReopenAndReuse(dir);
        }
        deleteRecursively(dir);
        log("Quarry n=%d drop %.2f ms, until empty %.2f ms", n, dropMs, emptyMs);
        return new Timing(dropMs, emptyMs, diskBefore, diskAfter);
    }

    /** After a drop: reopens with no quads and no terms, takes new data, and keeps it. */
    private static void checkReopenAndReuse(Path dir) {
        try (QuadStore store = QuadStore.open(dir)) {
            check(store.stats().quads() == 0 && store.stats().terms() == 0, "store did not reopen empty");
            try (WriteTransaction w = store.beginWrite()) {
                for (int i = 0; i < 100; i++) {
                    w.add(null, NodeFactory.createURI("http://example.org/after-drop/" + i),
                            NodeFactory.createURI("http://example.org/p"), NodeFactory.createLiteralString("new value " + i));
                }
                w.commit();
            }
            check(store.stats().quads() == 100, "store did not take new data after the drop");
        }
        try (QuadStore store = QuadStore.open(dir)) {
            check(store.stats().quads() == 100, "new data after the drop lost on reopen");
            check(dev.quarry.store.verify.StoreValidator.validate(store).ok(), "validator failed after drop + reuse");
        }
        log("Quarry after drop: reopened empty, took 100 new quads, reopened with 100, validator ok");
    }

    private static Timing tdb2Run(Path dir, int n) throws IOException {
        double dropMs, emptyMs;
        long diskBefore, diskAfter;
        try (Tdb2Peer tdb = new Tdb2Peer(dir)) {
            tdb.fill(n);
            check(tdb.countQuads() == n, "TDB2 holds " + tdb.countQuads() + " quads, not " + n);
            diskBefore = sizeOf(dir);
            long t0 = System.nanoTime();
            tdb.dropAll();
            long t1 = System.nanoTime();
            boolean empty = tdb.isEmpty();
            long t2 = System.nanoTime();
            check(empty, "TDB2 is not empty after DROP ALL");
            dropMs = (t1 - t0) / 1e6;
            emptyMs = (t2 - t0) / 1e6;
            diskAfter = sizeOf(dir);
        }
        deleteRecursively(dir);
        log("TDB2 n=%d drop %.2f ms, until empty %.2f ms", n, dropMs, emptyMs);
        return new Timing(dropMs, emptyMs, diskBefore, diskAfter);
    }

    private static String row(String system, int n, List<Timing> runs) {
        Timing mid = runs.stream().sorted(Comparator.comparingDouble(Timing::dropMs)).toList().get(runs.size() / 2);
        double empty = runs.stream().mapToDouble(Timing::untilEmptyMs).sorted().toArray()[runs.size() / 2];
        return String.format(Locale.ROOT, "| %s | %,d | %.2f | %.2f | %d | %s -> %s |", system, n, mid.dropMs(), empty,
                runs.size(), mib(mid.diskBefore()), mib(mid.diskAfter()));
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what);
        }
    }

    private static void log(String fmt, Object... args) {
        System.err.println(String.format(Locale.ROOT, fmt, args));
    }

    private static long sizeOf(Path dir) throws IOException {
        try (var walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }

    private static void deleteRecursively(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (var walk = Files.walk(p)) {
            for (Path f : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        }
    }
}
