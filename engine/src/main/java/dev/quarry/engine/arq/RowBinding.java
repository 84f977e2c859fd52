package dev.quarry.engine.arq;

import dev.quarry.engine.exec.ExecContext;
import dev.quarry.store.encoding.TermId;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.BiConsumer;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBase;

/** An id row seen as an ARQ binding: the bound slots, each decoded the first time it is read. */
public final class RowBinding extends BindingBase {
    private final ExecContext cx;
    private final long[] row;
    private final Node[] nodes;

    public RowBinding(ExecContext cx, long[] row) {
        super(null);
        this.cx = cx;
        this.row = row;
        this.nodes = new Node[row.length];
    }

    @Override
    protected Iterator<Var> vars1() {
        List<Var> vs = new ArrayList<>();
        Var[] all = cx.vars();
        for (int i = 0; i < row.length; i++) {
            if (row[i] != TermId.NONE) {
                vs.add(all[i]);
            }
        }
        return vs.iterator();
    }

    @Override
    protected void forEach1(BiConsumer<Var, Node> action) {
        Var[] all = cx.vars();
        for (int i = 0; i < row.length; i++) {
            if (row[i] != TermId.NONE) {
                action.accept(all[i], node(i));
            }
        }
    }

    @Override
    protected int size1() {
        int n = 0;
        for (long id : row) {
            if (id != TermId.NONE) {
                n++;
            }
        }
        return n;
    }

    @Override
    protected boolean isEmpty1() {
        return size1() == 0;
    }

    @Override
    protected boolean contains1(Var var) {
        int i = slot(var);
        return i >= 0 && row[i] != TermId.NONE;
    }

    @Override
    protected Node get1(Var var) {
        int i = slot(var);
        return i < 0 || row[i] == TermId.NONE ? null : node(i);
    }

    private int slot(Var var) {
        Var[] all = cx.vars();
        for (int i = 0; i < all.length; i++) {
            if (all[i].equals(var)) {
                return i;
            }
        }
        return -1;
    }

    private Node node(int i) {
        Node n = nodes[i];
        if (n == null) {
            n = cx.node(row[i]);
            nodes[i] = n;
        }
        return n;
    }

    @Override
    protected Binding detachWithNewParent(Binding newParent) {
        throw new UnsupportedOperationException("a RowBinding has no parent to detach from");
    }
}
