package dev.quarry.store.arq.exec;

import dev.quarry.store.QuadReader;
import dev.quarry.store.encoding.TermId;
import java.util.Arrays;
import java.util.Iterator;
import java.util.function.BiConsumer;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBase;

/**
 * A binding whose own variables hold store ids; a value is decoded to a Jena node the
 * first time someone asks for it (results, filters, expressions) and kept. The next
 * pattern stage reads the ids directly ({@link #idOf}) and never decodes.
 */
final class IdBinding extends BindingBase {
    private final QuadReader reader;
    private final Var[] vars;
    private final long[] ids;
    private final Node[] nodes;

    IdBinding(Binding parent, QuadReader reader, Var[] vars, long[] ids) {
        this(parent, reader, vars, ids, new Node[vars.length]);
    }

    private IdBinding(Binding parent, QuadReader reader, Var[] vars, long[] ids, Node[] nodes) {
        super(parent);
        this.reader = reader;
        this.vars = vars;
        this.ids = ids;
        this.nodes = nodes;
    }

    /**
     * The id bound to {@code var} in this binding or its id-level ancestors read through
     * {@code from}, or {@link TermId#NONE} when the id is not known without a lookup.
     */
    static long idOf(Binding b, Var var, QuadReader from) {
        while (b instanceof IdBinding ib && ib.reader == from) {
            for (int i = 0; i < ib.vars.length; i++) {
                if (ib.vars[i].equals(var)) {
                    return ib.ids[i];
                }
            }
            b = ib.parent;
        }
        return TermId.NONE;
    }

    @Override
    protected Iterator<Var> vars1() {
        return Arrays.asList(vars).iterator();
    }

    @Override
    protected void forEach1(BiConsumer<Var, Node> action) {
        for (int i = 0; i < vars.length; i++) {
            action.accept(vars[i], node(i));
        }
    }

    @Override
    protected int size1() {
        return vars.length;
    }

    @Override
    protected boolean isEmpty1() {
        return vars.length == 0;
    }

    @Override
    protected boolean contains1(Var var) {
        return index(var) >= 0;
    }

    @Override
    protected Node get1(Var var) {
        int i = index(var);
        return i < 0 ? null : node(i);
    }

    private int index(Var var) {
        for (int i = 0; i < vars.length; i++) {
            if (vars[i].equals(var)) {
                return i;
            }
        }
        return -1;
    }

    private Node node(int i) {
        Node n = nodes[i];
        if (n == null) {
            n = reader.decode(ids[i]);
            nodes[i] = n; // a benign race: decoding is idempotent
        }
        return n;
    }

    @Override
    protected Binding detachWithNewParent(Binding newParent) {
        return new IdBinding(newParent, reader, vars, ids, nodes);
    }
}
