package dev.quarry.store.arq.exec;

import dev.quarry.store.QuadReader;
import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermId;
import java.util.Map;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Var;

/**
 * One quad pattern in ids: per position (S, P, O, G) either a constant id or a
 * variable slot of the solver's row. The graph position may be the default graph, a
 * named graph, a variable over the named graphs, or the union of the named graphs.
 */
final class IdPattern {
    /** In {@link #slots}: the position holds a constant. */
    static final int CONSTANT = -1;

    /** Constant ids by position; NONE where a variable is. */
    final long[] constants = new long[4];
    /** Variable slots by position; {@link #CONSTANT} where a constant is. */
    final int[] slots = new int[4];
    /** Graph = union of the named graphs: a triple in several graphs matches once. */
    final boolean union;
    final Triple triple;

    private IdPattern(Triple triple, boolean union) {
        this.triple = triple;
        this.union = union;
    }

    /**
     * Compiles {@code triple} in graph {@code graphId} (DEFAULT_GRAPH, ANY_NAMED_GRAPH
     * for the union, a named graph id, or NONE with {@code graphVar} set).
     * Returns null if a constant is not in the store: the pattern cannot match.
     */
    static IdPattern compile(Triple triple, long graphId, Var graphVar, Map<Var, Integer> slotOf, QuadReader reader) {
        IdPattern p = new IdPattern(triple, graphVar == null && graphId == TermId.ANY_NAMED_GRAPH);
        Node[] nodes = {triple.getSubject(), triple.getPredicate(), triple.getObject()};
        for (int i = 0; i < 3; i++) {
            Node n = nodes[i];
            if (n.isVariable()) {
                p.slots[i] = slotOf.get(Var.alloc(n));
            } else {
                long id = reader.lookup(n);
                if (id == TermId.NONE) {
                    return null;
                }
                p.slots[i] = CONSTANT;
                p.constants[i] = id;
            }
        }
        if (graphVar != null) {
            p.slots[Permutation.G] = slotOf.get(graphVar);
        } else {
            p.slots[Permutation.G] = CONSTANT;
            p.constants[Permutation.G] = graphId;
        }
        return p;
    }

    /**
     * The ids to search for given a row: constants, bound slots, NONE for the rest; an
     * unbound graph variable ranges over the named graphs only.
     */
    void searchKey(long[] row, long[] key) {
        for (int i = 0; i < 4; i++) {
            key[i] = slots[i] == CONSTANT ? constants[i] : row[slots[i]];
        }
        if (key[Permutation.G] == TermId.NONE) {
            key[Permutation.G] = TermId.ANY_NAMED_GRAPH;
        }
    }

    /**
     * The positions held by variables, as a bit mask ({@code 1 << Permutation.S} etc.):
     * the values that change from one seek of this pattern to the next.
     */
    int variableMask() {
        int mask = 0;
        for (int i = 0; i < 4; i++) {
            if (slots[i] != CONSTANT) {
                mask |= 1 << i;
            }
        }
        return mask;
    }

    /** True if position {@code i} is a constant or a slot set in {@code bound}. */
    boolean isBound(int i, boolean[] bound) {
        return slots[i] == CONSTANT || bound[slots[i]];
    }
}
