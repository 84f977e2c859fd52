package dev.quarry.bench.query;

import dev.quarry.engine.QueryRun;
import dev.quarry.engine.SparqlEngine;
import dev.quarry.engine.arq.IdQueryEngineFactory;
import dev.quarry.engine.output.Solutions;
import dev.quarry.store.QuadStore;
import dev.quarry.store.arq.QuarryDatasetGraph;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.jena.query.ReadWrite;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.RowSet;

/**
 * Aggregate queries (COUNT over all quads, GROUP BY over millions of rows, COUNT DISTINCT,
 * MIN/MAX) on any store, timed on the server's query path with the id-level engine and
 * with it switched off (ARQ's evaluation over the store, how Quarry ran aggregates before
 * the engine planned them). Prints the median of the rounds per query.
 *
 * <pre>java -cp bench/target/benchmarks.jar dev.quarry.bench.query.AggregateBench STORE [ROUNDS]</pre>
 */
public final class AggregateBench {
    static final List<String> QUERIES = List.of(
            "SELECT (COUNT(*) AS ?n) { ?s ?p ?o }",
            "SELECT ?p (COUNT(*) AS ?n) { ?s ?p ?o } GROUP BY ?p",
            "SELECT ?t (COUNT(?s) AS ?n) { ?s a ?t } GROUP BY ?t ORDER BY DESC(?n) LIMIT 10",
            "SELECT (COUNT(DISTINCT ?o) AS ?n) { ?s ?p ?o }",
            "SELECT ?s (COUNT(*) AS ?n) { ?s ?p ?o } GROUP BY ?s HAVING (COUNT(*) > 20)",
            "SELECT ?p (MIN(?o) AS ?low) (MAX(?o) AS ?high) { ?s ?p ?o FILTER(isLiteral(?o)) } GROUP BY ?p");

    private AggregateBench() {}

    public static void main(String[] args) {
        Path store = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        try (QuadStore s = QuadStore.open(store)) {
            QuarryDatasetGraph dsg = new QuarryDatasetGraph(s);
            SparqlEngine engine = new SparqlEngine(dsg);
            System.out.println("| query | rows | id-level engine (ms) | ARQ over the store (ms) | ratio |");
            System.out.println("|---|---|---|---|---|");
            for (String q : QUERIES) {
                long[] rows = new long[1];
                double id = median(rounds, () -> rows[0] = idLevel(dsg, engine, q));
                double arq = median(rounds, () -> onArq(dsg, q));
                System.out.printf(Locale.ROOT, "| `%s` | %d | %.1f | %.1f | %.1fx |%n", q, rows[0], id, arq, arq / id);
            }
        }
    }

    private static double median(int rounds, Runnable r) {
        double[] ms = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            long t0 = System.nanoTime();
            r.run();
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(ms);
        return ms[rounds / 2];
    }

    /** Runs {@code text} as the server does and reads every row; returns the row count. */
    private static long idLevel(QuarryDatasetGraph dsg, SparqlEngine engine, String text) {
        dsg.begin(ReadWrite.READ);
        try (QueryRun run = engine.start(engine.prepare(text, null), dsg, new SparqlEngine.Options(0, false))) {
            if (!run.idLevel()) {
                throw new IllegalStateException("the id-level engine does not run: " + text);
            }
            Solutions rows = run.solutions();
            long n = 0;
            while (rows.next()) {
                for (int i = 0; i < rows.vars().size(); i++) {
                    rows.get(i);
                }
                n++;
            }
            return n;
        } finally {
            dsg.end();
        }
    }

    /** Runs {@code text} on ARQ's engine over the store, the id-level engine off. */
    private static long onArq(QuarryDatasetGraph dsg, String text) {
        dsg.begin(ReadWrite.READ);
        try (QueryExec exec = QueryExec.dataset(dsg).query(text).set(IdQueryEngineFactory.ENGINE, false).build()) {
            RowSet rows = exec.select();
            long n = 0;
            while (rows.hasNext()) {
                rows.next().forEach((v, node) -> { });
                n++;
            }
            return n;
        } finally {
            dsg.end();
        }
    }
}
