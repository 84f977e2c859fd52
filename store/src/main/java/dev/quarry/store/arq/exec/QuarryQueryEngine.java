package dev.quarry.store.arq.exec;

import dev.quarry.store.arq.QuarryDatasetGraph;
import org.apache.jena.query.Query;
import org.apache.jena.sparql.algebra.Algebra;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Substitute;
import org.apache.jena.sparql.engine.Plan;
import org.apache.jena.sparql.engine.QueryEngineFactory;
import org.apache.jena.sparql.engine.QueryEngineRegistry;
import org.apache.jena.sparql.engine.QueryIterator;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.main.QC;
import org.apache.jena.sparql.engine.main.QueryEngineMain;
import org.apache.jena.sparql.util.Context;
import org.apache.jena.sparql.util.Symbol;

/**
 * ARQ's main query engine with the id-level executor for queries on a
 * {@link QuarryDatasetGraph}: the algebra is optimised as usual, then put in quad form
 * (so that {@code GRAPH ?g} becomes quad patterns solved in one scan over the named
 * graphs, not one evaluation per graph) when that is exact ({@link QuadFormCheck}),
 * and evaluated by {@link QuarryOpExecutor}.
 * A query with FROM / FROM NAMED runs over ARQ's dynamic dataset instead, on the
 * general path. Registered with ARQ at Jena start-up ({@link ExecInit}); setting
 * {@link #ID_EXECUTOR} to false in the dataset's or the query's context turns it off.
 */
public final class QuarryQueryEngine extends QueryEngineMain {
    /** Context flag: false sends queries on a QuarryDatasetGraph through ARQ's plain path. */
    public static final Symbol ID_EXECUTOR = Symbol.create("https://quarry.dev/ns/exec#idExecutor");

    private static final QueryEngineFactory FACTORY = new Factory();

    private QuarryQueryEngine(Query query, DatasetGraph dsg, Binding input, Context cxt) {
        super(query, dsg, input, cxt);
    }

    private QuarryQueryEngine(Op op, DatasetGraph dsg, Binding input, Context cxt) {
        super(op, dsg, input, cxt);
    }

    /** Adds the engine to ARQ's registry (once). */
    public static synchronized void register() {
        if (!QueryEngineRegistry.containsFactory(FACTORY)) {
            QueryEngineRegistry.addFactory(FACTORY);
        }
    }

    public static synchronized void unregister() {
        QueryEngineRegistry.removeFactory(FACTORY);
    }

    /** The factory ARQ picks for queries on a QuarryDatasetGraph (for tests and tools). */
    public static QueryEngineFactory factory() {
        return FACTORY;
    }

    @Override
    protected Op modifyOp(Op op) {
        op = Substitute.substitute(op, getStartBinding());
        op = super.modifyOp(op);
        op = dev.quarry.store.arq.regex.RegexGuard.guard(op); // REGEX / REPLACE stop with the query
        if (!isDynamicDataset() && QuadFormCheck.safe(op)) {
            op = Algebra.toQuadForm(op);
        }
        setOp(op);
        return op;
    }

    @Override
    public QueryIterator eval(Op op, DatasetGraph dsg, Binding input, Context cxt) {
        QC.setFactory(cxt, QuarryOpExecutor.FACTORY);
        return super.eval(op, dsg, input, cxt);
    }

    private static final class Factory implements QueryEngineFactory {
        private static boolean accept(DatasetGraph dsg, Context cxt) {
            return dsg instanceof QuarryDatasetGraph
                    && !dsg.getContext().isFalse(ID_EXECUTOR)
                    && (cxt == null || !cxt.isFalse(ID_EXECUTOR));
        }

        @Override
        public boolean accept(Query query, DatasetGraph dsg, Context cxt) {
            return accept(dsg, cxt);
        }

        @Override
        public Plan create(Query query, DatasetGraph dsg, Binding input, Context cxt) {
            return new QuarryQueryEngine(query, dsg, input, cxt).getPlan();
        }

        @Override
        public boolean accept(Op op, DatasetGraph dsg, Context cxt) {
            return accept(dsg, cxt);
        }

        @Override
        public Plan create(Op op, DatasetGraph dsg, Binding input, Context cxt) {
            return new QuarryQueryEngine(op, dsg, input, cxt).getPlan();
        }
    }
}
