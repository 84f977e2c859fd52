package dev.quarry.bench.query;

import dev.quarry.engine.arq.IdQueryEngineFactory;
import dev.quarry.store.QuadStore;
import dev.quarry.store.arq.QuarryDatasetGraph;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.jena.atlas.json.JSON;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.ReadWrite;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.RowSet;

/**
 * Replays the queries the official BSBM test driver sent (captured one JSON string per
 * line, in mix order) against a store in-process, and prints per template the median and
 * mean time and the total result size: for profiling the engine without HTTP. Not a
 * benchmark result: claims come from the driver itself (bench/bsbm).
 *
 * <p>Modes: {@code server} (default) runs each text as the server does (shape cache,
 * id-level engine, XML results written to nowhere); {@code id} through ARQ's API (a full
 * parse per query) on the id-level engine; {@code arq} on the ARQ-based engine.
 *
 * <pre>java -cp benchmarks.jar dev.quarry.bench.query.BsbmReplay STORE QUERIES.jsonl [rounds=3] [server|id|arq]</pre>
 */
public final class BsbmReplay {
    /** The explore mix: the template of each query position. */
    private static final int[] MIX = {1, 2, 2, 3, 2, 2, 4, 2, 2, 5, 7, 7, 5, 7, 7, 8, 9, 9, 8, 9, 9, 10, 10, 11, 12};

    private BsbmReplay() {}

    public static void main(String[] args) throws IOException {
        Path store = Path.of(args[0]);
        List<String> texts = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(args[1]))) {
            if (!line.isBlank()) {
                texts.add(JSON.parseAny(line).getAsString().value());
            }
        }
        if (args.length > 2 && args[2].startsWith("explain=")) {
            int i = Integer.parseInt(args[2].substring("explain=".length()));
            try (QuadStore s = QuadStore.open(store)) {
                System.out.println(texts.get(i));
                System.out.println(dev.quarry.engine.arq.QueryExplainer.explain(new QuarryDatasetGraph(s), QueryFactory.create(texts.get(i))));
            }
            return;
        }
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        int only = Integer.getInteger("template", 0); // -Dtemplate=N: replay only that template's queries
        String mode = args.length > 3 ? args[3] : "server";
        boolean arq = mode.equals("arq");
        try (QuadStore s = QuadStore.open(store)) {
            QuarryDatasetGraph dsg = new QuarryDatasetGraph(s);
            dev.quarry.engine.SparqlEngine engine = new dev.quarry.engine.SparqlEngine(dsg);
            if (arq) {
                dsg.getContext().set(IdQueryEngineFactory.ENGINE, false);
            }
            double[] best = new double[13];
            Arrays.fill(best, Double.MAX_VALUE);
            for (int round = 0; round < rounds; round++) {
                long[][] nanos = new long[13][texts.size()];
                int[] count = new int[13];
                long[] size = new long[13];
                for (int i = 0; i < texts.size(); i++) {
                    int t = MIX[i % MIX.length];
                    if (only != 0 && t != only) {
                        continue;
                    }
                    long t0 = System.nanoTime();
                    size[t] += mode.equals("server") ? serve(dsg, engine, texts.get(i)) : run(dsg, QueryFactory.create(texts.get(i)));
                    nanos[t][count[t]++] = System.nanoTime() - t0;
                }
                System.out.printf(Locale.ROOT, "round %d (%s)%n", round + 1, mode);
                double total = 0;
                for (int t = 1; t <= 12; t++) {
                    if (count[t] == 0) {
                        continue;
                    }
                    long[] a = Arrays.copyOf(nanos[t], count[t]);
                    Arrays.sort(a);
                    double mean = Arrays.stream(a).average().orElse(0) / 1e6;
                    total += Arrays.stream(a).sum() / 1e6;
                    System.out.printf(Locale.ROOT, "  Q%-2d n=%4d median %7.3f ms  mean %7.3f ms  results %d%n",
                            t, count[t], a[a.length / 2] / 1e6, mean, size[t]);
                    best[t] = Math.min(best[t], mean);
                }
                System.out.printf(Locale.ROOT, "  total %.1f ms for %d queries: %.0f mixes/hour%n", total, texts.size(),
                        3_600_000.0 / (total / (texts.size() / (double) MIX.length)));
            }
            // The least disturbed round per template: on a shared machine the minimum is the steadiest figure.
            double mix = 0;
            StringBuilder sb = new StringBuilder("best of rounds (mean ms):");
            for (int t = 1; t <= 12; t++) {
                if (best[t] < Double.MAX_VALUE) {
                    sb.append(String.format(Locale.ROOT, " Q%d %.3f", t, best[t]));
                    for (int m : MIX) {
                        mix += m == t ? best[t] : 0;
                    }
                }
            }
            System.out.println(sb);
            if (only == 0) {
                System.out.printf(Locale.ROOT, "best-of-rounds mix %.2f ms = %.0f mixes/hour%n", mix, 3_600_000.0 / mix);
            }
        }
    }

    /** As the server runs a query: prepared through the shape cache, XML results written (to nowhere). */
    private static long serve(QuarryDatasetGraph dsg, dev.quarry.engine.SparqlEngine engine, String text) {
        var prepared = engine.prepare(text, "http://localhost/sparql");
        dsg.begin(ReadWrite.READ);
        try (var run = engine.start(prepared, dsg, new dev.quarry.engine.SparqlEngine.Options(0, false))) {
            var out = java.io.OutputStream.nullOutputStream();
            Query q = run.query();
            if (q.isSelectType()) {
                long[] n = {0};
                var rows = run.solutions();
                dev.quarry.engine.output.ResultWriter.writeSolutions(out, dev.quarry.engine.output.ResultWriter.Format.XML,
                        new dev.quarry.engine.output.Solutions() {
                            public java.util.List<org.apache.jena.sparql.core.Var> vars() { return rows.vars(); }
                            public boolean next() { boolean b = rows.next(); if (b) { n[0]++; } return b; }
                            public org.apache.jena.graph.Node get(int c) { return rows.get(c); }
                        });
                return n[0];
            }
            if (q.isAskType()) {
                return run.ask() ? 1 : 0;
            }
            long n = 0;
            for (var it = run.triples(); it.hasNext(); it.next()) {
                n++;
            }
            return n;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } finally {
            dsg.end();
        }
    }

    private static long run(QuarryDatasetGraph dsg, Query q) {
        dsg.begin(ReadWrite.READ);
        try (QueryExec exec = QueryExec.dataset(dsg).query(q).build()) {
            if (q.isSelectType()) {
                RowSet rows = exec.select();
                long n = 0;
                while (rows.hasNext()) {
                    var b = rows.next();
                    b.forEach((v, node) -> { });
                    n++;
                }
                return n;
            }
            if (q.isAskType()) {
                return exec.ask() ? 1 : 0;
            }
            return q.isConstructType() ? exec.construct().size() : exec.describe().size();
        } finally {
            dsg.end();
        }
    }
}
