package dev.quarry.engine.exec;

import dev.quarry.store.QuadReader;
import dev.quarry.store.encoding.TermCodec;
import dev.quarry.store.encoding.TermId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.jena.graph.Node;
import org.apache.jena.query.QueryCancelledException;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBuilder;
import org.apache.jena.sparql.engine.binding.BindingFactory;
import org.apache.jena.sparql.function.FunctionEnv;

/**
 * What one execution of a query shares: the reader of its transaction, the variables by
 * slot, the terms the query computed that the store does not have (query-local ids), the
 * cancellation state, ARQ's function environment for expressions evaluated by ARQ, and,
 * under EXPLAIN, the row and time counters per plan node.
 *
 * <p>Ids identify terms exactly: a term the store has always gets its store id (inline or
 * dictionary), any other term one query-local id ({@link #intern}), so two rows hold the
 * same term exactly when they hold the same id.
 *
 * <p>Cancellation: another thread (a timeout, a client that went away, shutdown) calls
 * {@link #cancel()}, which only sets a flag; the query's thread sees it in
 * {@link #checkCancelled()}, called by every loop that can run long, and unwinds with
 * {@link QueryCancelledException}, closing its cursors itself.
 */
public final class ExecContext {
    /** How many steps (index entries, rows) between two looks at the cancellation flag. */
    private static final int CANCEL_CHECK_INTERVAL = 1024;

    private final QuadReader reader;
    private Var[] vars = new Var[0];
    private final FunctionEnv env;
    private final AtomicBoolean externalCancel;
    private final long deadlineNanos;
    private volatile boolean cancelled;
    private int steps;
    private long solution;
    private final Map<String, Node> blankNodes = new HashMap<>();

    private final List<Node> localTerms = new ArrayList<>();
    private final Map<Node, Long> localIds = new HashMap<>();
    private Map<PlanNode, Profile> profiles;
    private final Map<Long, Long> estimateCache = new HashMap<>();
    private final List<RowCursor> opened = new ArrayList<>();
    private boolean closed;

    /**
     * @param externalCancel a flag another component sets to cancel (ARQ's cancel signal), or null
     * @param deadlineNanos  {@link System#nanoTime()} after which the query stops, or 0 for none
     */
    public ExecContext(QuadReader reader, FunctionEnv env, AtomicBoolean externalCancel, long deadlineNanos) {
        this.reader = reader;
        this.env = env;
        this.externalCancel = externalCancel;
        this.deadlineNanos = deadlineNanos;
    }

    public QuadReader reader() {
        return reader;
    }

    /** Sets the variable of each slot, once the plan is compiled (before any cursor opens). */
    public void setVars(Var[] vars) {
        this.vars = vars.clone();
    }

    /** The variable of each slot. */
    public Var[] vars() {
        return vars;
    }

    public int width() {
        return vars.length;
    }

    public FunctionEnv functionEnv() {
        return env;
    }

    // ------------------------------------------------------------------ terms

    /** The id of {@code node} in this query: its store id, else a query-local id (made once per term). */
    public long intern(Node node) {
        long id = reader.lookup(node);
        if (id != TermId.NONE) {
            return id;
        }
        Long local = localIds.get(node);
        if (local == null) {
            local = TermId.queryLocalId(localTerms.size());
            localTerms.add(node);
            localIds.put(node, local);
        }
        return local;
    }

    /** The id of {@code node} if the store has it, else {@link TermId#NONE} (for pattern constants: no match). */
    public long storeId(Node node) {
        return reader.lookup(node);
    }

    /**
     * The ARQ binding of the slots {@code slots} of {@code row} ({@code slots[i]} holds
     * {@code vars[i]}), decoded: what ARQ's own evaluation (functions, accumulators) reads.
     */
    public Binding binding(long[] row, int[] slots, Var[] vars) {
        if (slots.length == 1) {
            long id = row[slots[0]];
            return id == TermId.NONE ? BindingFactory.empty() : BindingFactory.binding(vars[0], node(id));
        }
        BindingBuilder b = BindingFactory.builder();
        for (int i = 0; i < slots.length; i++) {
            if (row[slots[i]] != TermId.NONE) {
                b.add(vars[i], node(row[slots[i]]));
            }
        }
        return b.build();
    }

    /** The term of an id (store or query-local). */
    public Node node(long id) {
        if (TermId.isQueryLocal(id)) {
            return localTerms.get((int) TermId.sequence(id));
        }
        if (TermId.isInline(id)) {
            return TermCodec.decodeInline(id);
        }
        return reader.decode(id);
    }

    /** Starts a new solution for functions whose value is per solution (BNODE(str)). */
    public void nextSolution() {
        solution++;
        if (!blankNodes.isEmpty()) {
            blankNodes.clear();
        }
    }

    /** The blank node BNODE(label) gives in the current solution: the same for the same label (see {@link #nextSolution()}). */
    public Node blankNode(String label) {
        return blankNodes.computeIfAbsent(label, k -> org.apache.jena.graph.NodeFactory.createBlankNode());
    }

    // ------------------------------------------------------------------ cancellation

    /** Asks the query to stop; safe from any thread (sets a flag, releases nothing). */
    public void cancel() {
        cancelled = true;
    }

    /** Counts a step and, every so often, throws if the query was cancelled or ran out of time. */
    public void step() {
        if (++steps >= CANCEL_CHECK_INTERVAL) {
            steps = 0;
            checkCancelled();
        }
    }

    /** Throws {@link QueryCancelledException} if the query was cancelled or its deadline passed. */
    public void checkCancelled() {
        if (cancelled || (externalCancel != null && externalCancel.get())
                || (deadlineNanos != 0 && System.nanoTime() - deadlineNanos > 0)) {
            cancelled = true;
            throw new QueryCancelledException();
        }
    }

    public boolean isCancelled() {
        return cancelled;
    }

    // ------------------------------------------------------------------ cursors

    /** Registers a cursor to be closed with the query ({@link #close()}). */
    RowCursor opened(RowCursor c) {
        if (closed) {
            throw new IllegalStateException("the query has ended");
        }
        opened.add(c);
        return c;
    }

    /**
     * Closes every cursor the query opened, newest first; called once by the query's own
     * thread when the query ends (normally, by an error, or after a cancellation).
     */
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        RuntimeException first = null;
        for (int i = opened.size() - 1; i >= 0; i--) {
            try {
                opened.get(i).close();
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        opened.clear();
        if (first != null) {
            throw first;
        }
    }

    // ------------------------------------------------------------------ planning memo

    /** A per-execution memo for cardinality estimates keyed by a pattern's constants (see {@link Cardinality}). */
    Map<Long, Long> estimateCache() {
        return estimateCache;
    }

    // ------------------------------------------------------------------ EXPLAIN

    /** Turns on row and time counting per plan node (EXPLAIN ANALYZE). */
    public void enableProfiling() {
        if (profiles == null) {
            profiles = new IdentityHashMap<>();
        }
    }

    public boolean explaining() {
        return profiles != null;
    }

    RowCursor profile(PlanNode node, RowCursor c) {
        Profile p = profiles.computeIfAbsent(node, n -> new Profile());
        return new ProfiledCursor(c, p);
    }

    /** The counters of {@code node}, or null if it never ran (or EXPLAIN is off). */
    public Profile profileOf(PlanNode node) {
        return profiles == null ? null : profiles.get(node);
    }

    /**
     * Records how a node ran (e.g. the join order it chose, rows per step), for EXPLAIN; the
     * lines are made when the plan is rendered, after the run. Ignored when EXPLAIN is off.
     */
    public void note(PlanNode node, java.util.function.Supplier<List<String>> lines) {
        if (profiles != null) {
            profiles.computeIfAbsent(node, n -> new Profile()).notes = lines;
        }
    }

    /** What EXPLAIN reports of one node: input rows it was started on, rows it produced, time inside, notes. */
    public static final class Profile {
        public long starts;
        public long rows;
        public long nanos;
        public java.util.function.Supplier<List<String>> notes = List::of;
    }
}
