package dev.quarry.endpoint.cli;

import dev.quarry.store.QuadStore;
import dev.quarry.store.StoreStats;
import java.io.PrintStream;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Quad;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code quarry stats}: the statistics the store keeps current (no scan of the data). */
@Command(name = "stats",
        mixinStandardHelpOptions = true,
        description = {
            "Prints a store's statistics.",
            "",
            "Quads, distinct terms, quads per graph, the most used predicates and the bytes on disk. The statistics are kept current by every commit, so this does not scan the data.",
            "",
            "With --analyze it first recomputes the query planner's statistics (distinct subjects and objects per predicate) from the indexes: needed once for stores loaded by an older Quarry, and it makes them exact after loads into a non-empty store, which only estimate them. That reads two indexes in full and holds the store's writer lock meanwhile.",
            ""})
final class StatsCommand implements Callable<Integer> {
    @Mixin
    StoreOption store;

    @Option(names = "--top", paramLabel = "N", defaultValue = "10",
            description = "How many predicates to list (default ${DEFAULT-VALUE}).")
    int top;

    @Option(names = "--analyze", description = "Recompute the planner's per-predicate statistics first (scans two indexes).")
    boolean analyze;

    @Override
    public Integer call() {
        try (QuadStore qs = store.openExisting(!analyze)) {
            if (analyze) {
                long t0 = System.nanoTime();
                qs.analyze();
                System.out.printf(Text.LOCALE, "analyzed in %.1f s%n", (System.nanoTime() - t0) / 1e9);
            }
            StoreStats s = qs.stats();
            PrintStream out = System.out;
            out.printf(Text.LOCALE, "store        %s%n", store.dir());
            out.printf(Text.LOCALE, "quads        %,d%n", s.quads());
            out.printf(Text.LOCALE, "terms        %,d  (in the dictionary; terms held inside their ids, like small integers, are not counted)%n", s.terms());
            out.printf(Text.LOCALE, "disk         %s (%,d bytes)%n", Text.bytes(qs.diskBytes()), qs.diskBytes());
            out.printf(Text.LOCALE, "graphs       %,d%n", s.quadsPerGraph().size());
            printCounts(out, sorted(s.quadsPerGraph(), Integer.MAX_VALUE));
            List<Map.Entry<Node, Long>> predicates = sorted(s.quadsPerPredicate(), Math.max(0, top));
            out.printf(Text.LOCALE, "predicates   %,d (top %d by quads; distinct subjects and objects where the planner has them)%n",
                    s.quadsPerPredicate().size(), predicates.size());
            for (Map.Entry<Node, Long> e : predicates) {
                StoreStats.DistinctCounts d = s.distinctPerPredicate().get(e.getKey());
                String distinct = d == null ? "" : String.format(Text.LOCALE, "  (%,d subjects, %,d objects)", d.subjects(), d.objects());
                out.printf(Text.LOCALE, "  %,12d  <%s>%s%n", e.getValue(), e.getKey().getURI(), distinct);
            }
        }
        return Main.OK;
    }

    private static List<Map.Entry<Node, Long>> sorted(Map<Node, Long> counts, int limit) {
        return counts.entrySet().stream()
                .sorted(Map.Entry.<Node, Long>comparingByValue(Comparator.reverseOrder())
                        .thenComparing(e -> e.getKey().toString()))
                .limit(limit)
                .toList();
    }

    private static void printCounts(PrintStream out, List<Map.Entry<Node, Long>> rows) {
        for (Map.Entry<Node, Long> e : rows) {
            Node n = e.getKey();
            String name = Quad.isDefaultGraph(n) ? "(default graph)" : "<" + n.getURI() + ">";
            out.printf(Text.LOCALE, "  %,12d  %s%n", e.getValue(), name);
        }
    }
}
