package dev.quarry.engine.arq;

import dev.quarry.engine.exec.ExecContext;
import dev.quarry.engine.exec.PlanNode;
import dev.quarry.engine.exec.RowCursor;
import org.apache.jena.atlas.io.IndentedWriter;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.iterator.QueryIter;
import org.apache.jena.sparql.serializer.SerializationContext;

/**
 * The rows of an id-level plan as ARQ bindings, so that ARQ's result handling (result sets,
 * CONSTRUCT templates, DESCRIBE, writers) works on them. Cancellation from another thread
 * only sets the context's flag; the rows' native resources are released by {@link #close()},
 * which the consuming thread calls.
 */
final class RowsQueryIterator extends QueryIter {
    private final PlanNode plan;
    private final ExecContext cx;
    private final long[] input;
    private RowCursor root;
    private boolean pending;
    private boolean finished;

    RowsQueryIterator(PlanNode plan, ExecContext cx, long[] input, ExecutionContext execCxt) {
        super(execCxt);
        this.plan = plan;
        this.cx = cx;
        this.input = input;
    }

    @Override
    protected boolean hasNextBinding() {
        if (pending) {
            return true;
        }
        if (finished) {
            return false;
        }
        if (root == null) {
            root = plan.open(cx);
            root.start(input);
        }
        pending = root.next();
        if (!pending) {
            finished = true;
        }
        return pending;
    }

    @Override
    protected Binding moveToNextBinding() {
        if (!hasNextBinding()) {
            throw new java.util.NoSuchElementException();
        }
        pending = false;
        return new RowBinding(cx, root.row().clone());
    }

    @Override
    protected void closeIterator() {
        cx.close();
    }

    @Override
    protected void requestCancel() {
        cx.cancel();
    }

    @Override
    public void output(IndentedWriter out, SerializationContext sCxt) {
        out.print("QuarryIdPlan");
    }
}
