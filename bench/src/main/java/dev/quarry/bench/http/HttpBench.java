package dev.quarry.bench.http;

import dev.quarry.bench.gen.BsbmGenerator;
import dev.quarry.bench.gen.Catalog;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The BSBM-explore-like query mix ({@link ExploreMix}) against one SPARQL endpoint over HTTP:
 * W warm-up mixes, then N timed mixes, by C clients. Parameters come from the generator's data
 * ({@link Catalog#replay}), so the endpoint must hold the file {@code BsbmGenerator --quads Q
 * --seed S} wrote. Prints per-template median/p95 latency, row counts and checksums, and
 * queries per hour; {@code --counts} writes every query's row count for the cross-check.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar dev.quarry.bench.http.HttpBench --endpoint http://127.0.0.1:7878/sparql \
 *     --quads 1M [--seed 20240601] [--warmup 5] [--mixes 20] [--clients 1] [--mix-seed 1] [--timeout 120] \
 *     [--name quarry] [--counts counts-quarry.tsv] [--summary summary.tsv]
 * java -cp bench/target/benchmarks.jar dev.quarry.bench.http.HttpBench compare counts-a.tsv counts-b.tsv ...
 * </pre>
 */
public final class HttpBench {
    private HttpBench() {}

    public static void main(String[] args) {
        try {
            System.exit(args.length > 0 && args[0].equals("compare") ? compare(args) : run(args));
        } catch (IllegalArgumentException | IOException e) {
            System.err.println("HttpBench: " + e.getMessage());
            System.exit(2);
        }
    }

    private static int compare(String[] args) throws IOException {
        List<Path> files = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            files.add(Path.of(args[i]));
        }
        if (files.size() < 2) {
            throw new IllegalArgumentException("compare needs two or more counts files");
        }
        return CountsComparison.compare(files, System.out) == 0 ? 0 : 1;
    }

    private static int run(String[] args) throws IOException {
        Options o = Options.parse(args);
        long t0 = System.nanoTime();
        Catalog catalog = Catalog.replay(o.quads, o.seed);
        System.err.printf(Locale.ROOT, "catalogue of %,d quads (seed %d): %,d products, replayed in %.1f s%n",
            o.quads, o.seed, catalog.products().size(), (System.nanoTime() - t0) / 1e9);
        MixPlan plan = new MixPlan(ExploreMix.TEMPLATES, catalog, o.mixSeed);
        if (!holdsCatalog(o, catalog)) {
            return 1;
        }
        RunResults results = new RunResults(plan.templates(), o.warmup, o.mixes);
        runMixes(o, plan, results, 0, o.warmup);
        long start = System.nanoTime();
        runMixes(o, plan, results, o.warmup, o.warmup + o.mixes);
        results.timedNanos(System.nanoTime() - start);

        results.print(System.out, o.name);
        results.printProblems(System.err, o.name);
        if (o.counts != null) {
            results.writeCounts(o.counts);
        }
        if (o.summary != null) {
            results.appendSummary(o.summary, o.name);
        }
        return results.totalErrors() == 0 ? 0 : 1;
    }

    /** Checks that the endpoint holds the generated data: the catalogue's last product has its label. */
    private static boolean holdsCatalog(Options o, Catalog catalog) {
        Catalog.Product last = catalog.products().getLast();
        String probe = "SELECT ?l WHERE { GRAPH ?g { <" + last.iri() + "> <http://www.w3.org/2000/01/rdf-schema#label> ?l } }";
        SparqlClient.Answer a;
        try (SparqlClient client = new SparqlClient(o.endpoint, o.timeout)) {
            a = client.run(probe, false);
        }
        if (!a.ok() || a.rows() < 1) {
            System.err.printf("HttpBench: %s does not hold the data of --quads %d --seed %d (%s has no label: %s)%n",
                o.endpoint, o.quads, o.seed, last.iri(), a.ok() ? a.rows() + " rows" : a.error());
            return false;
        }
        return true;
    }

    /** Runs mixes [from, to): each client takes the next mix and sends its queries one after the other. */
    private static void runMixes(Options o, MixPlan plan, RunResults results, int from, int to) {
        AtomicInteger next = new AtomicInteger(from);
        try (ExecutorService pool = Executors.newFixedThreadPool(o.clients)) {
            List<Future<?>> clients = new ArrayList<>();
            for (int c = 0; c < o.clients; c++) {
                clients.add(pool.submit(() -> {
                    try (SparqlClient client = new SparqlClient(o.endpoint, o.timeout)) {
                        for (int m; (m = next.getAndIncrement()) < to; ) {
                            for (MixPlan.Query q : plan.mix(m)) {
                                results.record(q, client.run(q.text(), plan.templates().get(q.template()).construct()));
                            }
                        }
                    }
                }));
            }
            for (Future<?> f : clients) {
                f.get();
            }
        } catch (Exception e) {
            throw new IllegalStateException("a client failed", e);
        }
    }

    /** Command-line options. */
    private record Options(URI endpoint, String name, long quads, long seed, long mixSeed, int warmup, int mixes,
                           int clients, Duration timeout, Path counts, Path summary) {

        static Options parse(String[] args) {
            URI endpoint = null;
            String name = null;
            long quads = -1;
            long seed = BsbmGenerator.DEFAULT_SEED;
            long mixSeed = 1;
            int warmup = 5;
            int mixes = 20;
            int clients = 1;
            double timeout = 120;
            Path counts = null;
            Path summary = null;
            for (int i = 0; i < args.length; i++) {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("missing value after " + args[i] + " (see the class comment for usage)");
                }
                String v = args[++i];
                switch (args[i - 1]) {
                    case "--endpoint" -> endpoint = URI.create(v);
                    case "--name" -> name = v;
                    case "--quads" -> quads = BsbmGenerator.parseCount(v);
                    case "--seed" -> seed = Long.parseLong(v);
                    case "--mix-seed" -> mixSeed = Long.parseLong(v);
                    case "--warmup" -> warmup = Integer.parseInt(v);
                    case "--mixes" -> mixes = Integer.parseInt(v);
                    case "--clients" -> clients = Integer.parseInt(v);
                    case "--timeout" -> timeout = Double.parseDouble(v);
                    case "--counts" -> counts = Path.of(v);
                    case "--summary" -> summary = Path.of(v);
                    default -> throw new IllegalArgumentException("unknown option " + args[i - 1]);
                }
            }
            if (endpoint == null || quads <= 0) {
                throw new IllegalArgumentException("--endpoint URL and --quads N (the generated file's size) are required");
            }
            if (warmup < 0 || mixes < 1 || clients < 1) {
                throw new IllegalArgumentException("--warmup >= 0, --mixes >= 1 and --clients >= 1 please");
            }
            return new Options(endpoint, name == null ? endpoint.getAuthority() : name, quads, seed, mixSeed, warmup, mixes,
                clients, Duration.ofMillis((long) (timeout * 1000)), counts, summary);
        }
    }
}
