package dev.quarry.engine.exec;

import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermId;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.util.FmtUtils;

/**
 * One quad pattern in ids: per position (S, P, O, G) a constant id or a variable slot.
 * The graph is the default graph ({@link TermId#DEFAULT_GRAPH}), a named graph, a
 * variable over the named graphs, or the union of the named graphs (a triple in several
 * graphs matches once: {@link #union}).
 */
public final class QuadPatternIds {
    /** In {@link #slots}: the position holds a constant. */
    public static final int CONSTANT = -1;

    final long[] constants = new long[4];
    final int[] slots = new int[4];
    final boolean union;
    private final Triple triple;
    private final Node graph;

    /**
     * @param constants ids by position, {@link TermId#NONE} where {@code slots} names a variable
     * @param slots     variable slots by position, {@link #CONSTANT} for a constant
     */
    public QuadPatternIds(long[] constants, int[] slots, boolean union, Triple triple, Node graph) {
        System.arraycopy(constants, 0, this.constants, 0, 4);
        System.arraycopy(slots, 0, this.slots, 0, 4);
        this.union = union;
        this.triple = triple;
        this.graph = graph;
    }

    /** The ids to seek for a row: constants, the row's bound slots, NONE for the rest; an unbound graph means the named graphs. */
    void searchKey(long[] row, long[] key) {
        for (int i = 0; i < 4; i++) {
            key[i] = slots[i] == CONSTANT ? constants[i] : row[slots[i]];
        }
        if (key[Permutation.G] == TermId.NONE) {
            key[Permutation.G] = TermId.ANY_NAMED_GRAPH;
        }
    }

    /** The positions held by variables (bit mask {@code 1 << Permutation.S} ...): what changes between seeks. */
    int variableMask() {
        int mask = 0;
        for (int i = 0; i < 4; i++) {
            if (slots[i] != CONSTANT) {
                mask |= 1 << i;
            }
        }
        return mask;
    }

    boolean isConstant(int pos) {
        return slots[pos] == CONSTANT;
    }

    /** Position bound before this pattern runs: a constant, or a slot in {@code bound}. */
    boolean isBound(int pos, boolean[] bound) {
        return slots[pos] == CONSTANT || bound[slots[pos]];
    }

    /** Position bound before this pattern runs: a constant, or a slot in the mask {@code bound}. */
    boolean isBound(int pos, long bound) {
        return slots[pos] == CONSTANT || (bound & (1L << slots[pos])) != 0;
    }

    /** Position held by a variable already bound (not a constant). */
    boolean isJoinBound(int pos, boolean[] bound) {
        return slots[pos] != CONSTANT && bound[slots[pos]];
    }

    /** The pattern as written, for EXPLAIN. */
    public String text() {
        String t = FmtUtils.stringForTriple(triple, (org.apache.jena.shared.PrefixMapping) null);
        if (graph == null || org.apache.jena.sparql.core.Quad.isDefaultGraph(graph)) {
            return t;
        }
        return "GRAPH " + FmtUtils.stringForNode(graph) + " { " + t + " }";
    }
}
