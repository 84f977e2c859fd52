package dev.quarry.engine.arq;

import dev.quarry.engine.exec.ExecContext;
import dev.quarry.engine.exec.PlanNode;
import dev.quarry.engine.plan.PlanCompiler;
import dev.quarry.engine.plan.QueryAlgebra;
import dev.quarry.engine.plan.Unsupported;
import dev.quarry.store.QuadReader;
import dev.quarry.store.arq.QuarryDatasetGraph;
import dev.quarry.store.arq.exec.QuarryQueryEngine;
import org.apache.jena.atlas.lib.Closeable;
import org.apache.jena.graph.Node;
import org.apache.jena.query.Query;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Substitute;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.engine.Plan;
import org.apache.jena.sparql.engine.PlanOp;
import org.apache.jena.sparql.engine.QueryEngineFactory;
import org.apache.jena.sparql.engine.QueryEngineRegistry;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.util.Context;
import org.apache.jena.sparql.util.Symbol;

/**
 * ARQ's query engine for a {@link QuarryDatasetGraph}: queries go through the id-level
 * engine ({@link PlanCompiler}); what it does not execute (FROM / FROM NAMED, aggregates,
 * property paths, ...) and queries outside a transaction go to the store's ARQ-based
 * engine ({@link QuarryQueryEngine}). Registered at Jena start-up after that one, so ARQ
 * asks this factory first. Setting {@link #ENGINE} to false in the dataset's or the
 * query's context turns it off.
 */
public final class IdQueryEngineFactory implements QueryEngineFactory {
    /** Context flag: false sends queries to the ARQ-based engine. */
    public static final Symbol ENGINE = Symbol.create("https://quarry.dev/ns/exec#idEngine");

    private static final IdQueryEngineFactory INSTANCE = new IdQueryEngineFactory();
    private static final java.util.concurrent.atomic.AtomicLong ID_LEVEL = new java.util.concurrent.atomic.AtomicLong();
    private static final java.util.concurrent.atomic.AtomicLong FALLBACK = new java.util.concurrent.atomic.AtomicLong();
    private static final java.util.Map<String, java.util.concurrent.atomic.AtomicLong> REASONS =
            new java.util.concurrent.ConcurrentHashMap<>();

    private IdQueryEngineFactory() {}

    public static synchronized void register() {
        if (!QueryEngineRegistry.containsFactory(INSTANCE)) {
            QueryEngineRegistry.addFactory(INSTANCE);
        }
    }

    public static synchronized void unregister() {
        QueryEngineRegistry.removeFactory(INSTANCE);
    }

    private static boolean enabled(DatasetGraph dsg, Context cxt) {
        return dsg instanceof QuarryDatasetGraph q
                && !q.getContext().isFalse(ENGINE) && (cxt == null || !cxt.isFalse(ENGINE))
                && !q.getContext().isFalse(QuarryQueryEngine.ID_EXECUTOR)
                && (cxt == null || !cxt.isFalse(QuarryQueryEngine.ID_EXECUTOR));
    }

    @Override
    public boolean accept(Query query, DatasetGraph dsg, Context cxt) {
        return enabled(dsg, cxt);
    }

    @Override
    public Plan create(Query query, DatasetGraph dsg, Binding input, Context cxt) {
        QuarryDatasetGraph q = (QuarryDatasetGraph) dsg;
        QuadReader reader = q.transactionReader();
        if (reader == null || query.hasDatasetDescription()) {
            return fallback(query, dsg, input, cxt);
        }
        query.ensureResultVars();
        Op op = QueryAlgebra.of(query);
        if (input != null && !input.isEmpty()) {
            op = Substitute.substitute(op, input);
        }
        Context context = Context.setupContextForDataset(cxt, dsg);
        Context.setCurrentDateTime(context);
        ExecutionContext execCxt = ExecutionContext.create(dsg, context);
        ExecContext cx = new ExecContext(reader, execCxt, execCxt.getCancelSignal(), 0);
        PlanNode plan;
        try {
            plan = PlanCompiler.compile(op, cx, context);
        } catch (Unsupported e) {
            cx.close();
            REASONS.computeIfAbsent(e.getMessage(), k -> new java.util.concurrent.atomic.AtomicLong()).incrementAndGet();
            return fallback(query, dsg, input, cxt);
        }
        ID_LEVEL.incrementAndGet();
        long[] start = new long[cx.width()];
        if (input != null) {
            for (int i = 0; i < start.length; i++) {
                Node n = input.get(cx.vars()[i]);
                if (n != null) {
                    start[i] = cx.intern(n);
                }
            }
        }
        RowsQueryIterator rows = new RowsQueryIterator(plan, cx, start, execCxt);
        Closeable closeable = rows::close;
        return new PlanOp(op, closeable, rows);
    }

    /** Queries planned by the id-level engine since start-up. */
    public static long idLevelQueries() {
        return ID_LEVEL.get();
    }

    /** Queries handed to the ARQ-based engine since start-up. */
    public static long fallbackQueries() {
        return FALLBACK.get();
    }

    /** Why queries went to the ARQ-based engine, with counts. */
    public static java.util.Map<String, Long> fallbackReasons() {
        java.util.Map<String, Long> m = new java.util.TreeMap<>();
        REASONS.forEach((k, v) -> m.put(k, v.get()));
        return m;
    }

    private static Plan fallback(Query query, DatasetGraph dsg, Binding input, Context cxt) {
        FALLBACK.incrementAndGet();
        return QuarryQueryEngine.factory().create(query, dsg, input, cxt);
    }

    @Override
    public boolean accept(Op op, DatasetGraph dsg, Context cxt) {
        return false; // algebra handed in directly goes to the ARQ-based engine
    }

    @Override
    public Plan create(Op op, DatasetGraph dsg, Binding input, Context cxt) {
        return QuarryQueryEngine.factory().create(op, dsg, input, cxt);
    }
}
