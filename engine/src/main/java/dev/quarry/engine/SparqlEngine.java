package dev.quarry.engine;

import dev.quarry.engine.arq.IdQueryEngineFactory;
import dev.quarry.engine.arq.QueryExplainer;
import dev.quarry.engine.exec.ExecContext;
import dev.quarry.engine.exec.PlanNode;
import dev.quarry.engine.plan.PlanCompiler;
import dev.quarry.engine.plan.Unsupported;
import dev.quarry.engine.shape.Prepared;
import dev.quarry.engine.shape.ShapeCache;
import dev.quarry.store.QuadReader;
import dev.quarry.store.arq.QuarryDatasetGraph;
import java.util.concurrent.TimeUnit;
import org.apache.jena.query.ARQ;
import org.apache.jena.query.Query;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.QueryExecDatasetBuilder;
import org.apache.jena.sparql.util.Context;

/**
 * The SPARQL query path of the server and the command line: texts are prepared through
 * the {@link ShapeCache} (parsed once per shape), planned per execution on ids
 * ({@link PlanCompiler}) and run in the caller's read transaction; queries the id-level
 * engine does not execute (property paths, FROM, SERVICE, ...) run on ARQ.
 */
public final class SparqlEngine {
    private final QuarryDatasetGraph dataset;
    private final ShapeCache shapes;

    public SparqlEngine(QuarryDatasetGraph dataset) {
        this.dataset = dataset;
        this.shapes = new ShapeCache(4096);
    }

    /** The query of {@code text}; throws ARQ's QueryParseException when it does not parse. */
    public Prepared prepare(String text, String base) {
        return shapes.prepare(text, base);
    }

    public ShapeCache shapes() {
        return shapes;
    }

    /** What a run may use besides the query: a time limit, SERVICE, ARQ's context. */
    public record Options(long timeoutMillis, boolean serviceAllowed) {}

    /**
     * Starts {@code prepared} in the calling thread's read transaction (begun by the caller,
     * who also ends it after closing the run). {@code target} is the dataset to query: the
     * store, or a dataset the protocol built (default-graph-uri / named-graph-uri), which
     * always runs on ARQ.
     */
    public QueryRun start(Prepared prepared, org.apache.jena.sparql.core.DatasetGraph target, Options options) {
        Query query = prepared.query();
        QuadReader reader = dataset.transactionReader();
        if (target == dataset && reader != null && !query.hasDatasetDescription()) {
            QueryRun run = idLevel(prepared, reader, options);
            if (run != null) {
                return run;
            }
            return onArq(prepared.parsedQuery(), target, options, false);
        }
        return onArq(prepared.parsedQuery(), target, options, true);
    }

    private QueryRun idLevel(Prepared prepared, QuadReader reader, Options options) {
        Context context = context(options, prepared.text());
        ExecContext cx = execContext(reader, context, options);
        Op op = prepared.op();
        try {
            PlanNode plan = PlanCompiler.compile(op, cx, context);
            Query query = prepared.query();
            return new QueryRun(query, cx, plan, query.isConstructType() ? prepared.template() : null,
                    query.isDescribeType() ? prepared.describeTerms() : null);
        } catch (Unsupported e) {
            cx.close();
            return null;
        }
    }

    /**
     * EXPLAIN: the plan of {@code prepared} as the id-level engine runs it, executed to the
     * end in the calling thread's read transaction with rows and times per operator; or,
     * for a query it does not execute, why, and ARQ's algebra. The time limit of
     * {@code options} applies (QueryCancelledException).
     */
    public String explain(Prepared prepared, Options options) {
        QuadReader reader = dataset.transactionReader();
        Query query = prepared.query();
        if (query.hasDatasetDescription()) {
            return QueryExplainer.explainInTransaction(dataset, prepared.parsedQuery());
        }
        Context context = context(options, prepared.text());
        return QueryExplainer.explain(execContext(reader, context, options), prepared.op(), query, context);
    }

    private Context context(Options options, String text) {
        Context context = Context.setupContextForDataset(ARQ.getContext().copy(), dataset);
        if (mayCallNow(text)) {
            Context.setCurrentDateTime(context);
        }
        context.set(ARQ.httpServiceAllowed, options.serviceAllowed());
        return context;
    }

    /**
     * Whether the query may call NOW(), the one function that reads the query's start time
     * from the context: formatting that time costs a few percent of a short query's CPU, so
     * it is set only for texts that mention "now" (any case) or hold a \\u escape that
     * could spell it.
     */
    static boolean mayCallNow(String text) {
        for (int i = text.indexOf('\\'); i >= 0; i = text.indexOf('\\', i + 1)) {
            if (i + 1 < text.length() && (text.charAt(i + 1) == 'u' || text.charAt(i + 1) == 'U')) {
                return true;
            }
        }
        int n = text.length() - 2;
        for (int i = 0; i < n; i++) {
            if ((text.charAt(i) | 0x20) == 'n' && (text.charAt(i + 1) | 0x20) == 'o' && (text.charAt(i + 2) | 0x20) == 'w') {
                return true;
            }
        }
        return false;
    }

    private ExecContext execContext(QuadReader reader, Context context, Options options) {
        long deadline = options.timeoutMillis() > 0
                ? System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(options.timeoutMillis()) : 0;
        return new ExecContext(reader, ExecutionContext.create(dataset, context), null, deadline);
    }

    /** Runs {@code query} on ARQ over {@code target} (e.g. a dataset the protocol's graph parameters describe). */
    public QueryRun startOnArq(Query query, org.apache.jena.sparql.core.DatasetGraph target, Options options) {
        return onArq(query, target, options, true);
    }

    /** {@code idEngine}: whether ARQ may still hand parts to the id-level engine (not when it just refused the query). */
    private static QueryRun onArq(Query query, org.apache.jena.sparql.core.DatasetGraph target, Options options,
                                  boolean idEngine) {
        QueryExecDatasetBuilder builder = QueryExec.newBuilder().dataset(target).query(query)
                .set(ARQ.httpServiceAllowed, options.serviceAllowed())
                .set(IdQueryEngineFactory.ENGINE, idEngine);
        if (options.timeoutMillis() > 0) {
            builder.timeout(options.timeoutMillis(), TimeUnit.MILLISECONDS);
        }
        return new QueryRun(query, builder.build());
    }
}
