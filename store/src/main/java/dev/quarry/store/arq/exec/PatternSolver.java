package dev.quarry.store.arq.exec;

import dev.quarry.store.QuadCursor;
import dev.quarry.store.QuadReader;
import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermId;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.jena.atlas.io.IndentedWriter;
import org.apache.jena.graph.Node;
import org.apache.jena.query.QueryCancelledException;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.engine.QueryIterator;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.iterator.QueryIter1;
import org.apache.jena.sparql.serializer.SerializationContext;

/**
 * Solves a list of id patterns for each input binding by nested-loop index joins:
 * depth first, one cursor per pattern level that is re-sought for every row entering
 * the level (one index iterator per level for the whole solve, not one per row),
 * rows of ids ({@code long[]} by variable slot, one reused array per level). Each solution is an {@link IdBinding} over its input binding with
 * the newly bound variables. The join order is chosen once, from the first input
 * binding's bound variables. The scan loop checks for cancellation every
 * {@link #CANCEL_CHECK_INTERVAL} quads, so a query with no output for a long time
 * still stops promptly.
 */
final class PatternSolver extends QueryIter1 {
    static final int CANCEL_CHECK_INTERVAL = 1024;

    private final QuadReader reader;
    private final Var[] vars;
    private final List<IdPattern> patterns;
    private final long[] base;
    private final AtomicBoolean cancelSignal;
    private volatile boolean cancelled;

    private int[] order;
    private final QuadCursor[] cursors;
    /** rows[k]: the row entering level k; rows[n]: the last solution. Reused arrays. */
    private final long[][] rows;
    private final long[] key = new long[4];
    /** Per level, the last triple seen (union graph de-duplication); null before the first. */
    private final long[][] lastTriple;
    private Binding parent;
    private boolean[] fromParent;
    /** The variables a solution adds to its parent (those not given by the parent). */
    private Var[] newVars;
    private int level = -1;
    private long steps;
    private Binding next;

    PatternSolver(QueryIterator input, ExecutionContext execCxt, QuadReader reader, Var[] vars,
            List<IdPattern> patterns, long[] base) {
        super(input, execCxt);
        this.reader = reader;
        this.vars = vars;
        this.patterns = patterns;
        this.base = base;
        this.cancelSignal = execCxt.getCancelSignal();
        this.cursors = new QuadCursor[patterns.size()];
        this.rows = new long[patterns.size() + 1][vars.length];
        this.lastTriple = new long[patterns.size()][];
    }

    @Override
    protected boolean hasNextBinding() {
        if (next == null) {
            next = advance();
        }
        return next != null;
    }

    @Override
    protected Binding moveToNextBinding() {
        if (!hasNextBinding()) {
            throw new NoSuchElementException();
        }
        Binding b = next;
        next = null;
        return b;
    }

    private Binding advance() {
        int deepest = patterns.size() - 1;
        while (true) {
            if (level < 0) {
                if (!startRow()) {
                    return null;
                }
                continue;
            }
            if (!nextMatch(level)) {
                level--;
                continue;
            }
            if (level == deepest) {
                return toBinding(rows[level + 1]);
            }
            level++;
            seekCursor(level);
        }
    }

    /** Takes the next input binding that can match and opens the first level; false at the end of input. */
    private boolean startRow() {
        QueryIterator input = getInput();
        while (input.hasNext()) {
            Binding b = input.nextBinding();
            long[] row = rows[0];
            java.util.Arrays.fill(row, TermId.NONE);
            boolean[] given = new boolean[vars.length];
            if (!toRow(b, row, given)) {
                continue; // a value the store does not have: no pattern can match it
            }
            if (order == null) {
                order = JoinPlanner.order(patterns, base, given.clone());
            }
            parent = b;
            if (!java.util.Arrays.equals(given, fromParent)) {
                fromParent = given;
                newVars = newVars(given);
            }
            level = 0;
            seekCursor(0);
            return true;
        }
        return false;
    }

    private boolean toRow(Binding b, long[] row, boolean[] given) {
        for (int i = 0; i < vars.length; i++) {
            long id = IdBinding.idOf(b, vars[i], reader);
            if (id == TermId.NONE) {
                Node n = b.get(vars[i]);
                if (n == null) {
                    continue;
                }
                id = reader.lookup(n);
                if (id == TermId.NONE) {
                    return false;
                }
            }
            row[i] = id;
            given[i] = true;
        }
        return true;
    }

    private void seekCursor(int lvl) {
        IdPattern p = patterns.get(order[lvl]);
        p.searchKey(rows[lvl], key);
        if (cursors[lvl] == null) {
            cursors[lvl] = reader.openCursor(p.variableMask());
        }
        cursors[lvl].seek(key[0], key[1], key[2], key[3]);
        lastTriple[lvl] = null;
    }

    private void closeCursor(int lvl) {
        if (cursors[lvl] != null) {
            cursors[lvl].close();
            cursors[lvl] = null;
        }
    }

    /** Sets rows[lvl + 1] to the next row extending rows[lvl] by a quad of the level's cursor; false when exhausted. */
    private boolean nextMatch(int lvl) {
        IdPattern p = patterns.get(order[lvl]);
        QuadCursor c = cursors[lvl];
        long[] in = rows[lvl];
        long[] out = rows[lvl + 1];
        while (c.next()) {
            if ((++steps & (CANCEL_CHECK_INTERVAL - 1)) == 0) {
                checkCancelled();
            }
            long s = c.s(), pr = c.p(), o = c.o();
            if (p.union) {
                // Union graph: scans end with G, so copies of a triple are adjacent.
                long[] last = lastTriple[lvl];
                if (last == null) {
                    lastTriple[lvl] = new long[] {s, pr, o};
                } else if (last[0] == s && last[1] == pr && last[2] == o) {
                    continue;
                } else {
                    last[0] = s;
                    last[1] = pr;
                    last[2] = o;
                }
            }
            System.arraycopy(in, 0, out, 0, in.length);
            if (bind(p, Permutation.S, s, out) && bind(p, Permutation.P, pr, out)
                    && bind(p, Permutation.O, o, out) && bind(p, Permutation.G, c.g(), out)) {
                return true;
            }
        }
        return false;
    }

    /** Binds a position's slot to {@code id}; false if the slot already holds another id (a repeated variable). */
    private static boolean bind(IdPattern p, int pos, long id, long[] row) {
        int slot = p.slots[pos];
        if (slot == IdPattern.CONSTANT) {
            return true;
        }
        if (row[slot] == TermId.NONE) {
            row[slot] = id;
            return true;
        }
        return row[slot] == id;
    }

    private Var[] newVars(boolean[] given) {
        List<Var> v = new ArrayList<>();
        for (int i = 0; i < vars.length; i++) {
            if (!given[i]) {
                v.add(vars[i]);
            }
        }
        return v.toArray(new Var[0]);
    }

    private Binding toBinding(long[] row) {
        long[] ids = new long[newVars.length];
        int j = 0;
        for (int i = 0; i < vars.length; i++) {
            if (!fromParent[i]) {
                ids[j++] = row[i];
            }
        }
        return new IdBinding(parent, reader, newVars, ids); // newVars is shared, never written
    }

    private void checkCancelled() {
        if (cancelled || (cancelSignal != null && cancelSignal.get())) {
            throw new QueryCancelledException();
        }
    }

    @Override
    protected void requestSubCancel() {
        cancelled = true;
    }

    @Override
    protected void closeSubIterator() {
        for (int i = 0; i < cursors.length; i++) {
            closeCursor(i);
        }
        level = -1;
    }

    @Override
    protected void details(IndentedWriter out, SerializationContext sCxt) {
        List<String> text = new ArrayList<>();
        for (IdPattern p : patterns) {
            text.add(p.triple.toString());
        }
        out.print("PatternSolver " + text);
    }
}
