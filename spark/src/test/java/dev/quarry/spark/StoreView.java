package dev.quarry.spark;

import dev.quarry.store.QuadStore;
import dev.quarry.store.StoreStats;
import dev.quarry.store.arq.QuarryDatasetGraph;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryExecutionFactory;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.query.ResultSet;
import org.apache.jena.riot.out.NodeFmtLib;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.query.DatasetFactory;

/**
 * What two stores are compared by: every quad as a sorted N-Quads line, the statistics, and
 * query answers. Blank node labels lose the scope a load or build gives them ({@code b<scope>f<feed>_}),
 * which differs between any two loads; the test data's labels are unique per file without it.
 */
final class StoreView {
    private StoreView() {}

    static String canonical(Node n) {
        if (n.isBlank()) {
            return "_:" + n.getBlankNodeLabel().replaceFirst("^b[0-9a-f]+f\\d+_", "");
        }
        return NodeFmtLib.strNT(n);
    }

    /** Every quad as an N-Quads line (blank node labels canonical), sorted. */
    static List<String> quads(QuadStore store) {
        List<String> out = new ArrayList<>();
        DatasetGraph dsg = new QuarryDatasetGraph(store);
        dsg.begin(org.apache.jena.query.TxnType.READ);
        try {
            for (Iterator<Quad> it = dsg.find(); it.hasNext(); ) {
                Quad q = it.next();
                String g = q.isDefaultGraph() ? "" : " " + canonical(q.getGraph());
                out.add(canonical(q.getSubject()) + " " + canonical(q.getPredicate()) + " " + canonical(q.getObject()) + g + " .");
            }
        } finally {
            dsg.end();
        }
        out.sort(null);
        return out;
    }

    /** The statistics with graph and predicate nodes canonical (blank node graphs have per-load labels). */
    static String stats(QuadStore store, boolean distinct) {
        StoreStats s = store.stats();
        return "quads=" + s.quads() + " terms=" + s.terms() + "\ngraphs=" + canonicalKeys(s.quadsPerGraph())
                + "\npredicates=" + canonicalKeys(s.quadsPerPredicate())
                + (distinct ? "\ndistinct=" + canonicalKeys(s.distinctPerPredicate()) : "");
    }

    /** Values by canonical key; blank node graphs of two files can be alike then, so a key holds a sorted list. */
    private static <V> Map<String, List<String>> canonicalKeys(Map<Node, V> m) {
        Map<String, List<String>> out = new TreeMap<>();
        m.forEach((k, v) -> out.computeIfAbsent(canonical(k), x -> new ArrayList<>()).add(String.valueOf(v)));
        out.values().forEach(l -> l.sort(null));
        return out;
    }

    /** A SELECT's rows (canonical, sorted unless the query orders them), a CONSTRUCT's triples or an ASK's answer. */
    static List<String> answer(QuadStore store, String sparql) {
        Query q = QueryFactory.create(sparql);
        DatasetGraph dsg = new QuarryDatasetGraph(store);
        List<String> rows = new ArrayList<>();
        dsg.begin(org.apache.jena.query.TxnType.READ);
        try (QueryExecution ex = QueryExecutionFactory.create(q, DatasetFactory.wrap(dsg))) {
            if (q.isAskType()) {
                rows.add(Boolean.toString(ex.execAsk()));
            } else if (q.isConstructType()) {
                ex.execConstructTriples().forEachRemaining(t -> rows.add(canonical(t.getSubject()) + " "
                        + canonical(t.getPredicate()) + " " + canonical(t.getObject())));
            } else {
                ResultSet rs = ex.execSelect();
                while (rs.hasNext()) {
                    QuerySolution sol = rs.next();
                    StringBuilder b = new StringBuilder();
                    for (String v : rs.getResultVars()) {
                        Node n = sol.contains(v) ? sol.get(v).asNode() : NodeFactory.createLiteralString("UNBOUND");
                        b.append(v).append('=').append(canonical(n)).append(' ');
                    }
                    rows.add(b.toString());
                }
            }
        } finally {
            dsg.end();
        }
        // ORDER BY orders blank nodes by their labels, which differ between two loads: then only the rows count.
        if (!q.isOrdered() || rows.stream().anyMatch(r -> r.contains("=_:"))) {
            rows.sort(null);
        }
        return rows;
    }
}
