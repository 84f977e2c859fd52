package dev.quarry.engine.arq;

import dev.quarry.engine.exec.ExecContext;
import dev.quarry.engine.exec.Explain;
import dev.quarry.engine.exec.PlanNode;
import dev.quarry.engine.exec.RowCursor;
import dev.quarry.engine.plan.PlanCompiler;
import dev.quarry.engine.plan.QueryAlgebra;
import dev.quarry.engine.plan.Unsupported;
import dev.quarry.store.arq.QuarryDatasetGraph;
import java.util.Locale;
import org.apache.jena.query.Query;
import org.apache.jena.query.ReadWrite;
import org.apache.jena.sparql.algebra.Algebra;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.util.Context;

/**
 * EXPLAIN: runs a query's plan to the end with row and time counters on every operator
 * and returns the plan as text ({@link Explain}); for a query the id-level engine does not
 * execute, says why and shows ARQ's optimized algebra, which the ARQ-based engine runs.
 */
public final class QueryExplainer {
    private QueryExplainer() {}

    /** The executed plan of {@code query} on {@code dsg}, in a read transaction of its own. */
    public static String explain(QuarryDatasetGraph dsg, Query query) {
        dsg.begin(ReadWrite.READ);
        try {
            return explainInTransaction(dsg, query);
        } finally {
            dsg.end();
        }
    }

    /** As {@link #explain}, in the calling thread's read transaction, without a time limit. */
    public static String explainInTransaction(QuarryDatasetGraph dsg, Query query) {
        if (query.hasDatasetDescription()) {
            return fallback(query, "FROM / FROM NAMED");
        }
        Context context = Context.setupContextForDataset(null, dsg);
        Context.setCurrentDateTime(context);
        ExecContext cx = new ExecContext(dsg.transactionReader(), ExecutionContext.create(dsg, context), null, 0);
        return explain(cx, QueryAlgebra.of(query), query, context);
    }

    /**
     * Plans {@code op} (the algebra of {@code query}) in {@code cx}, runs it to the end with
     * profiling on, and closes {@code cx}. A cancel or deadline of {@code cx} ends the run
     * with ARQ's QueryCancelledException, as an execution would.
     */
    public static String explain(ExecContext cx, Op op, Query query, Context context) {
        cx.enableProfiling();
        try {
            long t0 = System.nanoTime();
            PlanNode plan;
            try {
                plan = PlanCompiler.compile(op, cx, context);
            } catch (Unsupported e) {
                return fallback(query, e.getMessage());
            }
            long t1 = System.nanoTime();
            RowCursor root = plan.open(cx);
            root.start(new long[cx.width()]);
            long rows = 0;
            while (root.next()) {
                rows++;
            }
            long t2 = System.nanoTime();
            return String.format(Locale.ROOT, "engine: id-level; planned in %.3f ms, executed in %.3f ms, %d rows%n",
                    (t1 - t0) / 1e6, (t2 - t1) / 1e6, rows) + Explain.render(plan, cx);
        } finally {
            cx.close();
        }
    }

    /** EXPLAIN of a query that runs on ARQ's engine: why, and ARQ's optimized algebra. */
    public static String fallback(Query query, String why) {
        return "engine: ARQ-based (the id-level engine does not execute: " + why + ")\n"
                + Algebra.optimize(Algebra.compile(query));
    }
}
