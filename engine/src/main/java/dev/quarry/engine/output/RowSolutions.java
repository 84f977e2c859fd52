package dev.quarry.engine.output;

import dev.quarry.engine.exec.ExecContext;
import dev.quarry.engine.exec.RowCursor;
import dev.quarry.store.encoding.TermId;
import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Var;

/** An id-level plan's rows as solutions: a term is decoded only when a writer asks for it. */
public final class RowSolutions implements Solutions {
    private final RowCursor rows;
    private final ExecContext cx;
    private final List<Var> vars;
    private final int[] slots;

    public RowSolutions(RowCursor rows, ExecContext cx, List<Var> vars) {
        this.rows = rows;
        this.cx = cx;
        this.vars = List.copyOf(vars);
        this.slots = new int[vars.size()];
        Var[] all = cx.vars();
        for (int i = 0; i < slots.length; i++) {
            slots[i] = -1;
            for (int s = 0; s < all.length; s++) {
                if (all[s].equals(vars.get(i))) {
                    slots[i] = s;
                }
            }
        }
    }

    @Override
    public List<Var> vars() {
        return vars;
    }

    @Override
    public boolean next() {
        return rows.next();
    }

    @Override
    public Node get(int column) {
        int slot = slots[column];
        if (slot < 0) {
            return null;
        }
        long id = rows.row()[slot];
        return id == TermId.NONE ? null : cx.node(id);
    }
}
