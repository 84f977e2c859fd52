package dev.quarry.bench.query;

import dev.quarry.store.QuadStore;
import dev.quarry.store.StoreOptions;
import dev.quarry.store.WriteTransaction;
import dev.quarry.store.arq.QuarryDatasetGraph;
import dev.quarry.store.arq.exec.QuarryQueryEngine;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.RowSet;
import org.apache.jena.system.Txn;
import org.apache.jena.tdb2.DatabaseMgr;
import org.apache.jena.tdb2.loader.DataLoader;
import org.apache.jena.tdb2.loader.LoaderFactory;

/**
 * Queries per second of the BSBM-like mix ({@link QueryMix}) on the same generated data:
 * Quarry through ARQ's plain DatasetGraph path, Quarry through the id-level executor,
 * and Jena TDB2 (loaded in-process by its parallel loader). Each (system, query) runs a
 * warm-up, then a timed run over the same parameter list for every system; the
 * printed numbers are the median latency and the throughput of that run. Row counts
 * per query are compared across systems, so a fast wrong answer shows.
 *
 * <pre>java -cp ... dev.quarry.bench.query.QueryBench [products=23000] [seconds-per-query=4] [workdir]</pre>
 *
 * <p>System properties {@code systems} (comma-separated, e.g. {@code quarry-ids,tdb2}) and
 * {@code queries} (comma-separated name prefixes, e.g. {@code Q2,Q5}) narrow the run for
 * A/B comparisons; {@code blockCacheMb} sets Quarry's block cache.
 */
public final class QueryBench {
    private QueryBench() {}

    public static void main(String[] args) throws IOException {
        int products = args.length > 0 ? Integer.parseInt(args[0]) : 23_000;
        double seconds = args.length > 1 ? Double.parseDouble(args[1]) : 4;
        Path work = args.length > 2 ? Path.of(args[2]) : Files.createTempDirectory("quarry-query-bench");
        Path data = work.resolve("bsbm.nt");
        // A work directory from an earlier run with the same arguments is reused as loaded.
        boolean reuse = Files.exists(work.resolve("loaded"));
        if (!reuse) {
            long triples = BsbmLikeData.write(data, products, 7);
            System.out.printf("data: %,d triples (%,d products) in %s%n", triples, products, data);
        }
        long t0 = System.nanoTime();
        long cacheMb = Long.getLong("blockCacheMb", StoreOptions.defaults().blockCacheBytes() >> 20);
        try (QuadStore store = QuadStore.open(work.resolve("quarry"), StoreOptions.defaults().withBlockCacheBytes(cacheMb << 20))) {
            DatasetGraph tdb = DatabaseMgr.connectDatasetGraph(work.resolve("tdb2").toString());
            if (!reuse) {
                loadQuarry(store, data);
                System.out.printf("quarry load (write transactions of 100k): %.1f s%n", secs(t0));
                t0 = System.nanoTime();
                DataLoader loader = LoaderFactory.parallelLoader(tdb, (fmt, a) -> { });
                loader.startBulk();
                loader.load(data.toString());
                loader.finishBulk();
                System.out.printf("tdb2 load (parallel loader): %.1f s%n", secs(t0));
                Files.writeString(work.resolve("loaded"), products + "\n");
            }
            long tdbTriples = Txn.calculateRead(tdb, () -> tdb.getDefaultGraph().size());
            System.out.printf("quarry: %,d quads; tdb2: %,d triples%n", store.stats().quads(), tdbTriples);

            QuarryDatasetGraph plain = new QuarryDatasetGraph(store);
            plain.getContext().set(QuarryQueryEngine.ID_EXECUTOR, false);
            QuarryDatasetGraph ids = new QuarryDatasetGraph(store);
            Map<String, DatasetGraph> systems = new LinkedHashMap<>();
            systems.put("quarry-plain", plain);
            systems.put("quarry-ids", ids);
            systems.put("tdb2", tdb);
            String only = System.getProperty("systems");
            if (only != null) {
                systems.keySet().retainAll(List.of(only.split(",")));
            }
            List<QueryMix.Template> templates = new ArrayList<>(QueryMix.templates(products));
            String queries = System.getProperty("queries");
            if (queries != null) {
                List<String> names = List.of(queries.split(","));
                templates.removeIf(t -> names.stream().noneMatch(t.name()::startsWith));
            }
            run(systems, templates, seconds);
            System.out.printf("quarry block cache %d MB: %s%n", cacheMb, store.engineCounters());
        }
    }

    private static void loadQuarry(QuadStore store, Path data) {
        List<Triple> batch = new ArrayList<>();
        RDFParser.source(data).parse(new StreamRDFBase() {
            @Override
            public void triple(Triple t) {
                batch.add(t);
                if (batch.size() == 100_000) {
                    commit(store, batch);
                }
            }
        });
        commit(store, batch);
    }

    private static void commit(QuadStore store, List<Triple> batch) {
        try (WriteTransaction w = store.beginWrite()) {
            for (Triple t : batch) {
                w.add(null, t.getSubject(), t.getPredicate(), t.getObject());
            }
            w.commit();
        }
        batch.clear();
    }

    private static void run(Map<String, DatasetGraph> systems, List<QueryMix.Template> templates, double seconds) {
        System.out.printf("%n%-28s %-14s %10s %10s %10s %10s %11s %8s%n", "query", "system", "median ms", "p90 ms", "max ms",
                "cpu ms", "queries/s", "rows");
        Map<String, Double> mixSeconds = new LinkedHashMap<>();
        for (QueryMix.Template t : templates) {
            SplittableRandom r = new SplittableRandom(t.name().hashCode());
            List<String> params = new ArrayList<>();
            for (int i = 0; i < 2000; i++) {
                params.add(QueryMix.PREFIXES + t.text().apply(r));
            }
            long expectedRows = -1;
            for (var e : systems.entrySet()) {
                DatasetGraph dsg = e.getValue();
                runFor(dsg, params, seconds / 4, new double[1]); // warm-up
                long rows = 0;
                for (int i = 0; i < 20; i++) {
                    rows += execute(dsg, params.get(i));
                }
                double[] cpu = new double[1];
                double[] lat = runFor(dsg, params, seconds, cpu);
                double[] sorted = lat.clone();
                Arrays.sort(sorted);
                double total = Arrays.stream(lat).sum();
                System.out.printf("%-28s %-14s %10.3f %10.3f %10.1f %10.3f %11.1f %8d%s%n", t.name(), e.getKey(),
                        quantile(sorted, 0.5) * 1e3, quantile(sorted, 0.9) * 1e3, sorted[sorted.length - 1] * 1e3,
                        cpu[0] / lat.length * 1e3, lat.length / total, rows, expectedRows >= 0 && rows != expectedRows ? "  ROW COUNT DIFFERS" : "");
                expectedRows = expectedRows < 0 ? rows : expectedRows;
                mixSeconds.merge(e.getKey(), total / lat.length, Double::sum);
            }
        }
        System.out.println();
        mixSeconds.forEach((sys, s) -> System.out.printf("mix (one of each query, mean latencies): %-14s %8.1f mixes/s = %8.1f queries/s%n",
                sys, 1 / s, templates.size() / s));
    }

    /**
     * Runs queries from the list in turn for about {@code seconds}; returns each latency in
     * seconds and adds the thread's CPU seconds to {@code cpu[0]} (steadier than wall time
     * on a shared machine; the stores' reads run on this thread).
     */
    private static double[] runFor(DatasetGraph dsg, List<String> params, double seconds, double[] cpu) {
        List<Double> lat = new ArrayList<>();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpu0 = threads.getCurrentThreadCpuTime();
        long end = System.nanoTime() + (long) (seconds * 1e9);
        int i = 0;
        while (System.nanoTime() < end || lat.size() < 3) {
            long s = System.nanoTime();
            execute(dsg, params.get(i++ % params.size()));
            lat.add((System.nanoTime() - s) / 1e9);
        }
        cpu[0] += (threads.getCurrentThreadCpuTime() - cpu0) / 1e9;
        return lat.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static long execute(DatasetGraph dsg, String query) {
        return Txn.calculateRead(dsg, () -> {
            long n = 0;
            try (QueryExec qe = QueryExec.dataset(dsg).query(query).build()) {
                RowSet rs = qe.select();
                while (rs.hasNext()) {
                    rs.next().forEach((v, node) -> { }); // decode every value, as a result writer would
                    n++;
                }
            }
            return n;
        });
    }

    private static double quantile(double[] sorted, double q) {
        return sorted[(int) Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    }

    private static double secs(long t0) {
        return (System.nanoTime() - t0) / 1e9;
    }
}
