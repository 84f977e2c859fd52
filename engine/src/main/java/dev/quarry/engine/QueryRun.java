package dev.quarry.engine;

import dev.quarry.engine.arq.RowBinding;
import dev.quarry.engine.exec.ExecContext;
import dev.quarry.engine.exec.PlanNode;
import dev.quarry.engine.exec.RowCursor;
import dev.quarry.engine.output.RowSetSolutions;
import dev.quarry.engine.output.RowSolutions;
import dev.quarry.engine.output.Solutions;
import dev.quarry.store.encoding.TermId;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Var;
import java.util.NoSuchElementException;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.Query;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.modify.TemplateLib;
import org.apache.jena.sparql.syntax.Template;

/**
 * One execution of a query, in the read transaction of the thread that started it: on the
 * id-level engine, or on ARQ's engine for what the id-level engine does not execute. Read
 * the result once with the method for the query's form. {@link #cancel()} may be called
 * from any thread and only asks the query to stop; {@link #close()} releases everything,
 * on the query's own thread.
 */
public final class QueryRun implements AutoCloseable {
    private final Query query;
    private final ExecContext cx;
    private final PlanNode plan;
    private final Template template;
    private final List<Node> describeTerms;
    private final QueryExec arq;

    /** An id-level run; {@code template} for a CONSTRUCT, {@code describeTerms} for a DESCRIBE. */
    QueryRun(Query query, ExecContext cx, PlanNode plan, Template template, List<Node> describeTerms) {
        this.query = query;
        this.cx = cx;
        this.plan = plan;
        this.template = template;
        this.describeTerms = describeTerms;
        this.arq = null;
    }

    /** A run on ARQ's engine. */
    QueryRun(Query query, QueryExec arq) {
        this.query = query;
        this.cx = null;
        this.plan = null;
        this.template = null;
        this.describeTerms = null;
        this.arq = arq;
    }

    /** Whether the id-level engine runs this query (else ARQ's). */
    public boolean idLevel() {
        return cx != null;
    }

    /** The query (for its form, result variables and prefixes). */
    public Query query() {
        return query;
    }

    /** The rows of a SELECT. */
    public Solutions solutions() {
        if (arq != null) {
            return new RowSetSolutions(arq.select());
        }
        return new RowSolutions(start(), cx, org.apache.jena.sparql.core.Var.varList(query.getResultVars()));
    }

    /** The answer of an ASK. */
    public boolean ask() {
        if (arq != null) {
            return arq.ask();
        }
        return start().next();
    }

    /** The triples of a CONSTRUCT or DESCRIBE. */
    public Iterator<Triple> triples() {
        if (arq != null) {
            return query.isConstructType() ? arq.constructTriples() : arq.describeTriples();
        }
        if (query.isDescribeType()) {
            return describe().iterator();
        }
        return TemplateLib.calcTriples(template.getTriples(), bindings());
    }

    /** The quads of a CONSTRUCT (a template with GRAPH blocks). */
    public Iterator<Quad> quads() {
        if (arq != null) {
            return arq.constructQuads();
        }
        return TemplateLib.calcQuads(template.getQuads(), bindings());
    }

    /** The resources a DESCRIBE names (its variables' values and its IRIs), described on ids. */
    private List<Triple> describe() {
        Set<Long> resources = new LinkedHashSet<>();
        List<Var> vars = Var.varList(query.getResultVars());
        int[] slots = new int[vars.size()];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = java.util.Arrays.asList(cx.vars()).indexOf(vars.get(i));
        }
        RowCursor root = start();
        while (root.next()) {
            for (int slot : slots) {
                if (slot >= 0 && root.row()[slot] != TermId.NONE) {
                    resources.add(root.row()[slot]);
                }
            }
        }
        for (Node n : describeTerms) {
            long id = cx.storeId(n);
            if (id != TermId.NONE) {
                resources.add(id);
            }
        }
        return Describe.of(cx, resources);
    }

    private RowCursor start() {
        RowCursor root = plan.open(cx);
        root.start(new long[cx.width()]);
        return root;
    }

    private Iterator<Binding> bindings() {
        RowCursor root = start();
        return new Iterator<>() {
            private boolean pending;
            private boolean done;

            @Override
            public boolean hasNext() {
                if (!pending && !done) {
                    pending = root.next();
                    done = !pending;
                }
                return pending;
            }

            @Override
            public Binding next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                pending = false;
                return new RowBinding(cx, root.row().clone());
            }
        };
    }

    /** Asks the query to stop (any thread); it ends with {@code QueryCancelledException} in the query's thread. */
    public void cancel() {
        if (cx != null) {
            cx.cancel();
        } else {
            arq.abort();
        }
    }

    /** Releases the query's cursors (the query's own thread). */
    @Override
    public void close() {
        if (cx != null) {
            cx.close();
        } else {
            arq.close();
        }
    }
}
