package dev.quarry.store.arq.exec;

import org.apache.jena.graph.Node;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.OpVars;
import org.apache.jena.sparql.algebra.OpVisitorBase;
import org.apache.jena.sparql.algebra.op.OpBGP;
import org.apache.jena.sparql.algebra.op.OpConditional;
import org.apache.jena.sparql.algebra.op.OpFilter;
import org.apache.jena.sparql.algebra.op.OpGraph;
import org.apache.jena.sparql.algebra.op.OpJoin;
import org.apache.jena.sparql.algebra.op.OpLeftJoin;
import org.apache.jena.sparql.algebra.op.OpN;
import org.apache.jena.sparql.algebra.op.OpSequence;
import org.apache.jena.sparql.algebra.op.OpUnion;
import org.apache.jena.sparql.algebra.op.OpDisjunction;
import org.apache.jena.sparql.algebra.walker.Walker;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.ExprFunctionOp;
import org.apache.jena.sparql.expr.ExprList;
import org.apache.jena.sparql.expr.ExprVars;
import org.apache.jena.sparql.expr.ExprVisitorBase;

/**
 * Says whether ARQ's quad form gives exactly the answers of evaluating each
 * {@code GRAPH} graph by graph. It does not always: with {@code GRAPH ?g} over a
 * sub-query, {@code VALUES} or {@code MINUS}, the quad form shares {@code ?g} where
 * graph-by-graph evaluation does not (W3C tests bindings/graph, negation/graph-minus,
 * aggregates/agg-empty-group-count-graph). So only GRAPH bodies made of non-empty basic
 * graph patterns joined by join, OPTIONAL, UNION and FILTER — the graph variable not
 * mentioned inside, no EXISTS inside — are put in quad form; other queries keep the
 * triple form, where ARQ evaluates GRAPH per graph and the executor still solves each
 * graph's patterns on ids.
 */
public final class QuadFormCheck {
    private QuadFormCheck() {}

    static boolean safe(Op op) {
        boolean[] ok = {true};
        Walker.walk(op, new OpVisitorBase() {
            @Override
            public void visit(OpGraph g) {
                if (!safe(g)) {
                    ok[0] = false;
                }
            }
        }, new ExprVisitorBase() {
            @Override
            public void visit(ExprFunctionOp f) {
                if (!safe(f.getGraphPattern())) {
                    ok[0] = false;
                }
            }
        });
        return ok[0];
    }

    /** Whether this one GRAPH (not the ones nested in it) may be evaluated as quad patterns sharing its graph. */
    public static boolean safe(OpGraph g) {
        return bodySafe(g.getSubOp()) && !mentions(g.getSubOp(), g.getNode());
    }

    private static boolean bodySafe(Op op) {
        return switch (op) {
            case OpBGP bgp -> !bgp.getPattern().isEmpty();
            case OpJoin j -> bodySafe(j.getLeft()) && bodySafe(j.getRight());
            case OpUnion u -> bodySafe(u.getLeft()) && bodySafe(u.getRight());
            case OpConditional c -> bodySafe(c.getLeft()) && bodySafe(c.getRight());
            case OpLeftJoin lj -> bodySafe(lj.getLeft()) && bodySafe(lj.getRight()) && plain(lj.getExprs());
            case OpFilter f -> bodySafe(f.getSubOp()) && plain(f.getExprs());
            case OpSequence s -> allSafe(s);
            case OpDisjunction d -> allSafe(d);
            default -> false;
        };
    }

    private static boolean allSafe(OpN ops) {
        for (Op sub : ops.getElements()) {
            if (!bodySafe(sub)) {
                return false;
            }
        }
        return true;
    }

    /** No EXISTS / NOT EXISTS in the expressions. */
    private static boolean plain(ExprList exprs) {
        if (exprs == null) {
            return true;
        }
        boolean[] ok = {true};
        Walker.walk(exprs, new ExprVisitorBase() {
            @Override
            public void visit(ExprFunctionOp f) {
                ok[0] = false;
            }
        });
        return ok[0];
    }

    /** True if the graph node is a variable that the body mentions (in patterns or expressions). */
    private static boolean mentions(Op body, Node graph) {
        if (!graph.isVariable()) {
            return false;
        }
        Var v = Var.alloc(graph);
        if (OpVars.mentionedVars(body).contains(v)) {
            return true;
        }
        boolean[] found = {false};
        Walker.walk(body, new OpVisitorBase() {
            @Override
            public void visit(OpFilter f) {
                found[0] |= ExprVars.getVarsMentioned(f.getExprs()).contains(v);
            }

            @Override
            public void visit(OpLeftJoin lj) {
                found[0] |= lj.getExprs() != null && ExprVars.getVarsMentioned(lj.getExprs()).contains(v);
            }
        });
        return found[0];
    }
}
