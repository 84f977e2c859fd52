package dev.quarry.engine.plan;

import dev.quarry.engine.exec.ExecContext;
import dev.quarry.engine.exec.PlanNode;
import dev.quarry.engine.expr.AndExpr;
import dev.quarry.engine.expr.ArqExpr;
import dev.quarry.engine.expr.BoundExpr;
import dev.quarry.engine.expr.CompareExpr;
import dev.quarry.engine.expr.ConstExpr;
import dev.quarry.engine.expr.ExistsExpr;
import dev.quarry.engine.expr.IntegerArithExpr;
import dev.quarry.engine.expr.NotExpr;
import dev.quarry.engine.expr.OrExpr;
import dev.quarry.engine.expr.RowExpr;
import dev.quarry.engine.expr.SameTermExpr;
import dev.quarry.engine.expr.VarExpr;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.OpVars;
import org.apache.jena.sparql.algebra.walker.Walker;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.E_Add;
import org.apache.jena.sparql.expr.E_Bound;
import org.apache.jena.sparql.expr.E_Equals;
import org.apache.jena.sparql.expr.E_Exists;
import org.apache.jena.sparql.expr.E_GreaterThan;
import org.apache.jena.sparql.expr.E_GreaterThanOrEqual;
import org.apache.jena.sparql.expr.E_LessThan;
import org.apache.jena.sparql.expr.E_LessThanOrEqual;
import org.apache.jena.sparql.expr.E_LogicalAnd;
import org.apache.jena.sparql.expr.E_LogicalNot;
import org.apache.jena.sparql.expr.E_LogicalOr;
import org.apache.jena.sparql.expr.E_Multiply;
import org.apache.jena.sparql.expr.E_NotEquals;
import org.apache.jena.sparql.expr.E_NotExists;
import org.apache.jena.sparql.expr.E_SameTerm;
import org.apache.jena.sparql.expr.E_Subtract;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprBuild;
import org.apache.jena.sparql.expr.ExprFunction2;
import org.apache.jena.sparql.expr.ExprFunctionOp;
import org.apache.jena.sparql.expr.ExprVar;
import org.apache.jena.sparql.expr.ExprVars;
import org.apache.jena.sparql.expr.ExprVisitorBase;
import org.apache.jena.sparql.expr.NodeValue;
import org.apache.jena.sparql.util.Context;

/**
 * Compiles ARQ expressions against a query's slots. Variables, constants, BOUND, logic,
 * comparisons, sameTerm, integer arithmetic and EXISTS become id-level expressions;
 * anything else (string functions, casts, regex...) is evaluated by ARQ on decoded values
 * ({@link ArqExpr}), and so are the cases the id-level ones cannot decide.
 */
final class ExprCompiler {
    private final VarSlots slots;
    private final ExecContext cx;
    private final Context context;
    /** Compiles the graph pattern of an EXISTS in the current graph context. */
    private final Function<Op, PlanNode> patterns;

    ExprCompiler(VarSlots slots, ExecContext cx, Context context, Function<Op, PlanNode> patterns) {
        this.slots = slots;
        this.cx = cx;
        this.context = context;
        this.patterns = patterns;
    }

    List<RowExpr> compileAll(Iterable<Expr> exprs) {
        List<RowExpr> out = new ArrayList<>();
        for (Expr e : exprs) {
            out.add(compile(e));
        }
        return out;
    }

    /** Splits top-level conjunctions so that each part can be placed on its own. */
    List<RowExpr> compileConjuncts(Iterable<Expr> exprs) {
        List<RowExpr> out = new ArrayList<>();
        for (Expr e : exprs) {
            addConjuncts(e, out);
        }
        return out;
    }

    private void addConjuncts(Expr e, List<RowExpr> out) {
        if (e instanceof E_LogicalAnd and) {
            addConjuncts(and.getArg1(), out);
            addConjuncts(and.getArg2(), out);
        } else {
            out.add(compile(e));
        }
    }

    RowExpr compile(Expr e) {
        if (e instanceof ExprVar v) {
            Var var = v.asVar();
            return new VarExpr(slots.slot(var), var);
        }
        if (e instanceof NodeValue nv) {
            return new ConstExpr(nv, cx.intern(nv.asNode()));
        }
        if (e instanceof E_Bound b && b.getArg() instanceof ExprVar v) {
            return new BoundExpr(slots.slot(v.asVar()), v.asVar());
        }
        if (e instanceof E_LogicalAnd and) {
            return new AndExpr(compile(and.getArg1()), compile(and.getArg2()));
        }
        if (e instanceof E_LogicalOr or) {
            return new OrExpr(compile(or.getArg1()), compile(or.getArg2()));
        }
        if (e instanceof E_LogicalNot not) {
            return new NotExpr(compile(not.getArg()));
        }
        if (e instanceof E_SameTerm st) {
            return new SameTermExpr(compile(st.getArg1()), compile(st.getArg2()));
        }
        CompareExpr.Op cmp = comparison(e);
        if (cmp != null) {
            ExprFunction2 f = (ExprFunction2) e;
            boolean termEquality = isIriOrBlank(f.getArg1()) || isIriOrBlank(f.getArg2());
            return new CompareExpr(cmp, compile(f.getArg1()), compile(f.getArg2()), termEquality, arq(e));
        }
        char arith = e instanceof E_Add ? '+' : e instanceof E_Subtract ? '-' : e instanceof E_Multiply ? '*' : 0;
        if (arith != 0) {
            ExprFunction2 f = (ExprFunction2) e;
            return new IntegerArithExpr(arith, compile(f.getArg1()), compile(f.getArg2()), arq(e));
        }
        if (e instanceof org.apache.jena.sparql.expr.E_BNode.BNode1 b) {
            return new dev.quarry.engine.expr.BNodeExpr(compile(b.getArg()));
        }
        if (e instanceof E_Exists ex) {
            return exists(ex, false);
        }
        if (e instanceof E_NotExists ex) {
            return exists(ex, true);
        }
        return arq(e);
    }

    private RowExpr exists(ExprFunctionOp f, boolean negated) {
        Op pattern = f.getGraphPattern();
        PlanNode plan = patterns.apply(pattern);
        Set<Var> vars = OpVars.visibleVars(pattern);
        return new ExistsExpr(plan, negated, slots.slots(vars));
    }

    /** ARQ's own evaluation of {@code e} over the variables it mentions. */
    private RowExpr arq(Expr expr) {
        if (containsExists(expr)) {
            throw new Unsupported("EXISTS inside " + expr.getFunction().getFunctionSymbol());
        }
        Expr e = dev.quarry.store.arq.regex.RegexGuard.guard(expr); // REGEX / REPLACE stop with the query
        Walker.walk(e, new ExprBuild(context));
        Set<Var> vars = ExprVars.getVarsMentioned(e);
        Var[] vs = vars.toArray(new Var[0]);
        int[] ss = new int[vs.length];
        for (int i = 0; i < vs.length; i++) {
            ss[i] = slots.slot(vs[i]);
        }
        return new ArqExpr(e, ss, vs);
    }

    private static boolean containsExists(Expr e) {
        boolean[] found = {false};
        Walker.walk(e, new ExprVisitorBase() {
            @Override
            public void visit(ExprFunctionOp f) {
                found[0] = true;
            }
        });
        return found[0];
    }

    private static CompareExpr.Op comparison(Expr e) {
        if (e instanceof E_Equals) {
            return CompareExpr.Op.EQ;
        }
        if (e instanceof E_NotEquals) {
            return CompareExpr.Op.NE;
        }
        if (e instanceof E_LessThan) {
            return CompareExpr.Op.LT;
        }
        if (e instanceof E_LessThanOrEqual) {
            return CompareExpr.Op.LE;
        }
        if (e instanceof E_GreaterThan) {
            return CompareExpr.Op.GT;
        }
        if (e instanceof E_GreaterThanOrEqual) {
            return CompareExpr.Op.GE;
        }
        return null;
    }

    private static boolean isIriOrBlank(Expr e) {
        if (e instanceof NodeValue nv) {
            Node n = nv.asNode();
            return n.isURI() || n.isBlank();
        }
        return false;
    }
}
