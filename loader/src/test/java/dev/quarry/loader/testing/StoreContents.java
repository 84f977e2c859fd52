package dev.quarry.loader.testing;

import dev.quarry.store.QuadStore;
import dev.quarry.store.arq.QuarryDatasetGraph;
import java.nio.file.Path;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.util.IsoMatcher;
import org.apache.jena.system.Txn;

/** Test helpers: what a store holds, and what RIOT reads from a file (the oracle). */
public final class StoreContents {
    private StoreContents() {}

    /** A copy of the store's quads in an in-memory dataset, read back through QuarryDatasetGraph. */
    public static DatasetGraph copy(QuadStore store) {
        QuarryDatasetGraph dsg = new QuarryDatasetGraph(store);
        DatasetGraph out = DatasetGraphFactory.createGeneral();
        Txn.executeRead(dsg, () -> dsg.find().forEachRemaining(out::add));
        return out;
    }

    /** RDFDataMgr's reading of {@code file} (compressed files too, by extension). */
    public static DatasetGraph oracle(Path file) {
        DatasetGraph dsg = DatasetGraphFactory.createGeneral();
        RDFDataMgr.read(dsg, file.toString());
        return dsg;
    }

    /**
     * What RIOT in strict mode keeps of a file with one statement per line: each line parsed
     * on its own (in {@code lang}, with the file's prefixes not needed), the lines it rejects left out.
     */
    public static DatasetGraph strictOracleByLine(Path file, org.apache.jena.riot.Lang lang) throws java.io.IOException {
        DatasetGraph dsg = DatasetGraphFactory.createGeneral();
        for (String line : java.nio.file.Files.readAllLines(file)) {
            DatasetGraph one = DatasetGraphFactory.createGeneral();
            try {
                org.apache.jena.riot.RDFParser.fromString(line, lang).strict(true)
                        .errorHandler(org.apache.jena.riot.system.ErrorHandlerFactory.errorHandlerStrictNoLogging)
                        .parse(one);
            } catch (org.apache.jena.riot.RiotException e) {
                continue;
            }
            one.find().forEachRemaining(dsg::add);
        }
        return dsg;
    }

    public static boolean isomorphic(DatasetGraph a, DatasetGraph b) {
        return IsoMatcher.isomorphic(a, b);
    }

    /**
     * A cheaper check than isomorphism for large data with many blank nodes (the isomorphism
     * search blows up there): the same quads without blank nodes, the same number of quads
     * with them, and the same number of distinct blank nodes.
     */
    public static boolean sameModuloBlankLabels(DatasetGraph a, DatasetGraph b) {
        return ground(a).equals(ground(b)) && blankQuads(a) == blankQuads(b) && blanks(a) == blanks(b);
    }

    private static java.util.Set<org.apache.jena.sparql.core.Quad> ground(DatasetGraph d) {
        java.util.Set<org.apache.jena.sparql.core.Quad> out = new java.util.HashSet<>();
        d.find().forEachRemaining(q -> {
            if (!q.getSubject().isBlank() && !q.getObject().isBlank() && !q.getGraph().isBlank()) {
                out.add(q.isDefaultGraph() ? org.apache.jena.sparql.core.Quad.create(
                        org.apache.jena.sparql.core.Quad.defaultGraphIRI, q.asTriple()) : q);
            }
        });
        return out;
    }

    private static long blankQuads(DatasetGraph d) {
        long[] n = {0};
        d.find().forEachRemaining(q -> {
            if (q.getSubject().isBlank() || q.getObject().isBlank() || q.getGraph().isBlank()) {
                n[0]++;
            }
        });
        return n[0];
    }

    private static long blanks(DatasetGraph d) {
        java.util.Set<org.apache.jena.graph.Node> out = new java.util.HashSet<>();
        d.find().forEachRemaining(q -> {
            for (org.apache.jena.graph.Node n : new org.apache.jena.graph.Node[] {q.getSubject(), q.getObject(), q.getGraph()}) {
                if (n.isBlank()) {
                    out.add(n);
                }
            }
        });
        return out.size();
    }

    public static long size(DatasetGraph d) {
        long[] n = {0};
        d.find().forEachRemaining(q -> n[0]++);
        return n[0];
    }
}
