package dev.quarry.store.arq.exec;

import dev.quarry.store.QuadReader;
import dev.quarry.store.encoding.TermId;
import dev.quarry.store.arq.QuarryDatasetGraph;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.algebra.op.OpBGP;
import org.apache.jena.sparql.algebra.op.OpQuadPattern;
import org.apache.jena.sparql.core.BasicPattern;
import org.apache.jena.sparql.core.GraphView;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.engine.QueryIterator;
import org.apache.jena.sparql.engine.iterator.QueryIterNullIterator;
import org.apache.jena.sparql.engine.main.OpExecutor;
import org.apache.jena.sparql.engine.main.OpExecutorFactory;

/**
 * ARQ's executor with quad patterns and basic graph patterns solved at the id level
 * when they run over a {@link QuarryDatasetGraph} inside a transaction. Everything
 * else (OPTIONAL, FILTER, UNION, paths, aggregates...) is ARQ's own and consumes the
 * {@link IdBinding}s like any binding. Anything it cannot do on ids (a dataset built
 * from FROM / FROM NAMED, no transaction, triple terms with variables) goes to ARQ's
 * general path over {@code DatasetGraph.find}.
 */
final class QuarryOpExecutor extends OpExecutor {
    static final OpExecutorFactory FACTORY = QuarryOpExecutor::new;

    private final QuarryDatasetGraph dataset;

    private QuarryOpExecutor(ExecutionContext execCxt) {
        super(execCxt);
        this.dataset = execCxt.getDataset() instanceof QuarryDatasetGraph q ? q : null;
    }

    @Override
    protected QueryIterator execute(OpQuadPattern quadPattern, QueryIterator input) {
        return solve(quadPattern.getGraphNode(), quadPattern.getBasicPattern(), input,
                () -> super.execute(quadPattern, input));
    }

    @Override
    protected QueryIterator execute(OpBGP opBGP, QueryIterator input) {
        // A BGP evaluated with a graph of ours active (inside ARQ's own GRAPH evaluation).
        if (dataset != null && execCxt.getActiveGraph() instanceof GraphView view && view.getDataset() == dataset) {
            Node gn = view.getGraphName() == null ? Quad.defaultGraphNodeGenerated : view.getGraphName();
            return solve(gn, opBGP.getPattern(), input, () -> super.execute(opBGP, input));
        }
        return super.execute(opBGP, input);
    }

    private QueryIterator solve(Node graph, BasicPattern bgp, QueryIterator input, Supplier<QueryIterator> general) {
        QuadReader reader = dataset == null ? null : dataset.transactionReader();
        if (reader == null || !idLevel(graph, bgp)) {
            return general.get();
        }
        if (bgp.isEmpty()) {
            return input;
        }
        long graphId = TermId.NONE;
        Var graphVar = null;
        if (Quad.isDefaultGraph(graph)) {
            graphId = TermId.DEFAULT_GRAPH;
        } else if (Quad.isUnionGraph(graph)) {
            graphId = TermId.ANY_NAMED_GRAPH;
        } else if (graph.isVariable()) {
            graphVar = Var.alloc(graph);
        } else {
            graphId = reader.lookup(graph);
            if (graphId == TermId.NONE) {
                return empty(input);
            }
        }
        Map<Var, Integer> slots = new LinkedHashMap<>();
        if (graphVar != null) {
            slots.put(graphVar, 0);
        }
        for (Triple t : bgp) {
            for (Node n : new Node[] {t.getSubject(), t.getPredicate(), t.getObject()}) {
                if (n.isVariable()) {
                    slots.putIfAbsent(Var.alloc(n), slots.size());
                }
            }
        }
        List<IdPattern> patterns = new ArrayList<>(bgp.size());
        for (Triple t : bgp) {
            IdPattern p = IdPattern.compile(t, graphId, graphVar, slots, reader);
            if (p == null) {
                return empty(input); // a constant the store does not have: no scan at all
            }
            patterns.add(p);
        }
        long[] base = JoinPlanner.baseEstimates(patterns, reader);
        for (long b : base) {
            if (b == 0) {
                return empty(input);
            }
        }
        Var[] vars = slots.keySet().toArray(new Var[0]);
        return new PatternSolver(input, execCxt, reader, vars, patterns, base);
    }

    /** True if every term is a variable or a concrete term: ids cannot match inside a triple term with variables. */
    private static boolean idLevel(Node graph, BasicPattern bgp) {
        if (!graph.isVariable() && !graph.isConcrete()) {
            return false;
        }
        for (Triple t : bgp) {
            for (Node n : new Node[] {t.getSubject(), t.getPredicate(), t.getObject()}) {
                if (!n.isVariable() && !n.isConcrete()) {
                    return false;
                }
                if (n.isTripleTerm() && !n.getTriple().isConcrete()) {
                    return false;
                }
            }
        }
        return true;
    }

    private QueryIterator empty(QueryIterator input) {
        input.close();
        return QueryIterNullIterator.create(execCxt);
    }
}
