package dev.quarry.engine.plan;

import dev.quarry.engine.exec.Aggregates;
import dev.quarry.engine.exec.BgpNode;
import dev.quarry.engine.exec.GroupNode;
import dev.quarry.engine.exec.DistinctNode;
import dev.quarry.engine.exec.ExecContext;
import dev.quarry.engine.exec.ExtendNode;
import dev.quarry.engine.exec.FilterNode;
import dev.quarry.engine.exec.HashJoinNode;
import dev.quarry.engine.exec.LateralJoinNode;
import dev.quarry.engine.exec.MinusNode;
import dev.quarry.engine.exec.OrderNode;
import dev.quarry.engine.exec.PlanNode;
import dev.quarry.engine.exec.ProjectNode;
import dev.quarry.engine.exec.QuadPatternIds;
import dev.quarry.engine.exec.SliceNode;
import dev.quarry.engine.exec.TableNode;
import dev.quarry.engine.exec.UnionNode;
import dev.quarry.engine.expr.RowExpr;
import dev.quarry.store.arq.exec.QuadFormCheck;
import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermId;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.SortCondition;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.OpVars;
import org.apache.jena.sparql.algebra.op.OpBGP;
import org.apache.jena.sparql.algebra.op.OpConditional;
import org.apache.jena.sparql.algebra.op.OpDistinct;
import org.apache.jena.sparql.algebra.op.OpExtend;
import org.apache.jena.sparql.algebra.op.OpFilter;
import org.apache.jena.sparql.algebra.op.OpGraph;
import org.apache.jena.sparql.algebra.op.OpGroup;
import org.apache.jena.sparql.algebra.op.OpJoin;
import org.apache.jena.sparql.algebra.op.OpLabel;
import org.apache.jena.sparql.algebra.op.OpLeftJoin;
import org.apache.jena.sparql.algebra.op.OpMinus;
import org.apache.jena.sparql.algebra.op.OpNull;
import org.apache.jena.sparql.algebra.op.OpOrder;
import org.apache.jena.sparql.algebra.op.OpProject;
import org.apache.jena.sparql.algebra.op.OpReduced;
import org.apache.jena.sparql.algebra.op.OpSequence;
import org.apache.jena.sparql.algebra.op.OpSlice;
import org.apache.jena.sparql.algebra.op.OpTable;
import org.apache.jena.sparql.algebra.op.OpTopN;
import org.apache.jena.sparql.algebra.op.OpUnion;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.core.VarExprList;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.main.JoinClassifier;
import org.apache.jena.sparql.engine.main.LeftJoinClassifier;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprAggregator;
import org.apache.jena.sparql.expr.ExprList;
import org.apache.jena.sparql.expr.ExprVar;
import org.apache.jena.sparql.expr.aggregate.AggCount;
import org.apache.jena.sparql.expr.aggregate.AggCountDistinct;
import org.apache.jena.sparql.expr.aggregate.AggCountVar;
import org.apache.jena.sparql.expr.aggregate.AggCountVarDistinct;
import org.apache.jena.sparql.expr.aggregate.Aggregator;
import org.apache.jena.sparql.expr.ExprVars;
import org.apache.jena.sparql.util.Context;

/**
 * Turns a query's algebra (ARQ's, before ARQ's optimizer: basic graph patterns whole,
 * with their group's filters beside them) into an id-level plan for one execution:
 * constants become ids, variables slots, each BGP with its filters one
 * {@link BgpNode} that orders itself at run time, joins and OPTIONALs nested-loop index
 * joins where substituting the left side's values is exact (ARQ's classifiers decide, as
 * for ARQ's own index joins) and joins of independently evaluated sides elsewhere.
 * Throws {@link Unsupported} for what the engine does not execute (property paths,
 * SERVICE, ...): the caller then hands the query to ARQ.
 */
public final class PlanCompiler {
    private final VarSlots slots = new VarSlots();
    private final ExecContext cx;
    private final ExprCompiler exprs;
    /** The graph of the patterns being compiled: null for the default graph, else a constant or a variable. */
    private Node graph;
    /** What the operators above the one being compiled need of its rows. */
    private Needs needs = Needs.ALL;

    private final org.apache.jena.sparql.pfunction.PropertyFunctionRegistry propertyFunctions;

    private PlanCompiler(ExecContext cx, Context context) {
        this.cx = cx;
        this.propertyFunctions = org.apache.jena.sparql.pfunction.PropertyFunctionRegistry.chooseRegistry(context);
        this.exprs = new ExprCompiler(slots, cx, context, this::compile);
    }

    /** The plan of {@code op} in {@code cx}; sets the context's slot layout. */
    public static PlanNode compile(Op op, ExecContext cx, Context context) {
        PlanCompiler c = new PlanCompiler(cx, context);
        PlanNode plan = c.compile(op);
        if (c.slots.size() > 64) {
            throw new Unsupported("more than 64 variables");
        }
        cx.setVars(c.slots.vars());
        return plan;
    }

    /** Compiles {@code op} for operators above that need {@code n} of its rows. */
    private PlanNode compile(Op op, Needs n) {
        Needs outer = needs;
        needs = n;
        try {
            return compile(op);
        } finally {
            needs = outer;
        }
    }

    private PlanNode compile(Op op) {
        return switch (op) {
            case OpBGP bgp -> bgp(bgp, List.of());
            case OpFilter f -> filter(f);
            case OpJoin j -> join(j.getLeft(), j.getRight());
            case OpSequence s -> sequence(s.getElements());
            case OpLeftJoin lj -> leftJoin(lj.getLeft(), lj.getRight(), lj.getExprs());
            case OpConditional c -> leftJoin(c.getLeft(), c.getRight(), null);
            case OpUnion u -> union(u);
            case OpMinus m -> minus(m);
            case OpGraph g -> graph(g);
            case OpExtend e -> extend(e);
            case OpProject p -> project(p);
            case OpDistinct d -> new DistinctNode(compile(d.getSubOp(), Needs.distinct(OpVars.visibleVars(d.getSubOp()))), false);
            case OpReduced r -> new DistinctNode(compile(r.getSubOp(), Needs.distinct(OpVars.visibleVars(r.getSubOp()))), true);
            case OpSlice s -> slice(s);
            case OpOrder o -> order(o, -1);
            case OpTopN t -> new OrderNode(compile(t.getSubOp(), needs.plus(sortVars(t.getConditions()))),
                    sortKeys(t.getConditions()), t.getLimit());
            case OpTable t -> table(t);
            case OpGroup g -> group(g);
            case OpLabel l -> compile(l.getSubOp());
            case OpNull n -> new TableNode(new int[0], List.of());
            default -> throw new Unsupported(op.getName());
        };
    }

    // ------------------------------------------------------------------ patterns

    private PlanNode filter(OpFilter f) {
        Op sub = f.getSubOp();
        if (sub instanceof OpBGP bgp) {
            return bgp(bgp, f.getExprs().getList());
        }
        if (sub instanceof OpLeftJoin lj) {
            Op pushed = pushIntoLeft(lj, f.getExprs());
            if (pushed != null) {
                return compile(pushed);
            }
        }
        PlanNode child = compile(sub, needs.plus(ExprVars.getVarsMentioned(f.getExprs())));
        return new FilterNode(child, exprs.compileConjuncts(f.getExprs()));
    }

    /**
     * FILTER over OPTIONALs: the conditions whose variables the mandatory part always binds
     * are the same before the OPTIONALs as after (an OPTIONAL never changes a bound value),
     * so they go to the mandatory part, where a basic graph pattern checks them as soon as
     * their variables are bound, and fewer rows enter the OPTIONALs. Null if none moves.
     */
    private static Op pushIntoLeft(OpLeftJoin top, ExprList conditions) {
        Op leftmost = top;
        while (leftmost instanceof OpLeftJoin lj) {
            leftmost = lj.getLeft();
        }
        Set<Var> fixed = OpVars.fixedVars(leftmost);
        ExprList moved = new ExprList(), kept = new ExprList();
        for (Expr e : conditions) {
            (fixed.containsAll(ExprVars.getVarsMentioned(e)) ? moved : kept).add(e);
        }
        if (moved.isEmpty()) {
            return null;
        }
        Op rebuilt = rebuildLeft(top, OpFilter.filterBy(moved, leftmost));
        return kept.isEmpty() ? rebuilt : OpFilter.filterBy(kept, rebuilt);
    }

    /** The OPTIONAL chain {@code op} with its innermost left side replaced. */
    private static Op rebuildLeft(Op op, Op newLeftmost) {
        if (op instanceof OpLeftJoin lj) {
            return OpLeftJoin.createLeftJoin(rebuildLeft(lj.getLeft(), newLeftmost), lj.getRight(), lj.getExprs());
        }
        return newLeftmost;
    }

    private PlanNode bgp(OpBGP bgp, List<Expr> filters) {
        if (bgp.getPattern().isEmpty() && graph != null) {
            throw new Unsupported("GRAPH with an empty pattern");
        }
        List<QuadPatternIds> patterns = new ArrayList<>();
        boolean empty = false;
        for (Triple t : bgp.getPattern()) {
            QuadPatternIds p = pattern(t);
            if (p == null) {
                empty = true;
            } else {
                patterns.add(p);
            }
        }
        List<RowExpr> fs = exprs.compileConjuncts(filters);
        if (patterns.size() > 64 || fs.size() > 64) {
            throw new Unsupported("a basic graph pattern of more than 64 patterns or filters");
        }
        return new BgpNode(patterns, fs, empty, needs.distinct(), mask(needs.vars()));
    }

    private long mask(Set<Var> vars) {
        long m = 0;
        for (Var v : vars) {
            int slot = slots.slot(v);
            if (slot < 64) {
                m |= 1L << slot;
            }
        }
        return m;
    }

    /** The pattern in ids; null if a constant is not in the store (no match). */
    private QuadPatternIds pattern(Triple t) {
        if (t.getPredicate().isURI() && propertyFunctions.manages(t.getPredicate().getURI())) {
            throw new Unsupported("property function " + t.getPredicate().getURI());
        }
        Node[] nodes = {t.getSubject(), t.getPredicate(), t.getObject()};
        long[] constants = new long[4];
        int[] ss = new int[4];
        for (int i = 0; i < 3; i++) {
            Node n = nodes[i];
            if (n.isVariable()) {
                ss[i] = slots.slot(Var.alloc(n));
            } else if (n.isConcrete() && !(n.isTripleTerm() && !n.getTriple().isConcrete())) {
                long id = cx.storeId(n);
                if (id == TermId.NONE) {
                    return null;
                }
                ss[i] = QuadPatternIds.CONSTANT;
                constants[i] = id;
            } else {
                throw new Unsupported("a triple term with variables");
            }
        }
        boolean union = false;
        if (graph == null || Quad.isDefaultGraph(graph)) {
            ss[Permutation.G] = QuadPatternIds.CONSTANT;
            constants[Permutation.G] = TermId.DEFAULT_GRAPH;
        } else if (Quad.isUnionGraph(graph)) {
            ss[Permutation.G] = QuadPatternIds.CONSTANT;
            constants[Permutation.G] = TermId.ANY_NAMED_GRAPH;
            union = true;
        } else if (graph.isVariable()) {
            ss[Permutation.G] = slots.slot(Var.alloc(graph));
        } else {
            long id = cx.storeId(graph);
            if (id == TermId.NONE) {
                return null;
            }
            ss[Permutation.G] = QuadPatternIds.CONSTANT;
            constants[Permutation.G] = id;
        }
        return new QuadPatternIds(constants, ss, union, t, graph);
    }

    private PlanNode graph(OpGraph g) {
        Node node = g.getNode();
        if (node.isVariable() && !QuadFormCheck.safe(g)) {
            throw new Unsupported("GRAPH ?var over a sub-query, VALUES, MINUS or an empty pattern");
        }
        Node outer = graph;
        graph = node;
        try {
            return compile(g.getSubOp(), node.isVariable() ? needs.plus(Set.of(Var.alloc(node))) : needs);
        } finally {
            graph = outer;
        }
    }

    // ------------------------------------------------------------------ joins

    private PlanNode join(Op left, Op right) {
        PlanNode l = compile(left, needs.plus(OpVars.mentionedVars(right)));
        PlanNode r = compile(right, needs.plus(OpVars.mentionedVars(left)));
        if (JoinClassifier.isLinear(left, right) && shareVariables(left, right)) {
            return new LateralJoinNode(l, r, false, List.of());
        }
        return new HashJoinNode(l, r, false, List.of());
    }

    /**
     * Whether the right side mentions a variable the left binds: otherwise running it once
     * per left row (a nested loop) only repeats the same rows, and it runs once instead.
     */
    private static boolean shareVariables(Op left, Op right) {
        Set<Var> l = OpVars.visibleVars(left);
        for (Var v : OpVars.mentionedVars(right)) {
            if (l.contains(v)) {
                return true;
            }
        }
        return false;
    }

    private PlanNode sequence(List<Op> elements) {
        Iterator<Op> it = elements.iterator();
        PlanNode plan = compile(it.next(), Needs.ALL);
        while (it.hasNext()) {
            plan = new LateralJoinNode(plan, compile(it.next(), Needs.ALL), false, List.of());
        }
        return plan;
    }

    private PlanNode leftJoin(Op left, Op right, ExprList condition) {
        Set<Var> conditionVars = condition == null ? Set.of() : ExprVars.getVarsMentioned(condition);
        PlanNode l = compile(left, needs.plus(OpVars.mentionedVars(right)).plus(conditionVars));
        PlanNode r = compile(right, needs.plus(OpVars.mentionedVars(left)).plus(conditionVars));
        List<RowExpr> cond = condition == null ? List.of() : exprs.compileConjuncts(condition);
        if (LeftJoinClassifier.isLinear(left, right) && shareVariables(left, right)) {
            return new LateralJoinNode(l, r, true, cond);
        }
        return new HashJoinNode(l, r, true, cond);
    }

    private PlanNode union(OpUnion u) {
        List<PlanNode> branches = new ArrayList<>();
        addBranches(u, branches);
        return new UnionNode(branches);
    }

    private void addBranches(Op op, List<PlanNode> out) {
        if (op instanceof OpUnion u) {
            addBranches(u.getLeft(), out);
            addBranches(u.getRight(), out);
        } else {
            out.add(compile(op));
        }
    }

    private PlanNode minus(OpMinus m) {
        Set<Var> common = OpVars.visibleVars(m.getLeft());
        common.retainAll(OpVars.visibleVars(m.getRight()));
        PlanNode l = compile(m.getLeft(), needs.plus(common));
        PlanNode r = compile(m.getRight(), Needs.distinct(common)); // only whether a compatible row exists
        return new MinusNode(l, r, slots.slots(common));
    }

    // ------------------------------------------------------------------ solution modifiers

    /** A chain of BINDs / SELECT expressions is one node: one solution, whose assignments run in order. */
    private PlanNode extend(OpExtend e) {
        List<OpExtend> chain = new ArrayList<>();
        Op op = e;
        while (op instanceof OpExtend x) {
            chain.add(0, x);
            op = x.getSubOp();
        }
        Set<Var> used = new java.util.HashSet<>();
        for (OpExtend x : chain) {
            x.getVarExprList().getExprs().values().forEach(ex -> used.addAll(ExprVars.getVarsMentioned(ex)));
        }
        PlanNode child = compile(op, needs.plus(used));
        List<ExtendNode.Assignment> as = new ArrayList<>();
        for (OpExtend x : chain) {
            VarExprList vel = x.getVarExprList();
            for (Var v : vel.getVars()) {
                as.add(new ExtendNode.Assignment(slots.slot(v), v.toString(), exprs.compile(vel.getExpr(v))));
            }
        }
        return new ExtendNode(child, as);
    }

    private PlanNode project(OpProject p) {
        PlanNode child = compile(p.getSubOp(), needs.distinct() ? Needs.distinct(Set.copyOf(p.getVars()))
                : Needs.ALL);
        Set<Var> hidden = new java.util.HashSet<>(OpVars.mentionedVars(p.getSubOp()));
        hidden.addAll(OpVars.visibleVars(p.getSubOp())); // BIND's variables are visible, not "mentioned"
        p.getVars().forEach(hidden::remove);
        return new ProjectNode(child, slots.slots(hidden), p.getVars().stream().map(Var::toString).toList());
    }

    /** GROUP BY and aggregates: keys and COUNTs on ids, other aggregates by ARQ's accumulators. */
    private PlanNode group(OpGroup g) {
        PlanNode child = compile(g.getSubOp(), Needs.ALL); // every row counts, duplicates included
        List<GroupNode.Key> keys = new ArrayList<>();
        VarExprList groupVars = g.getGroupVars();
        for (Var v : groupVars.getVars()) {
            Expr e = groupVars.getExpr(v);
            keys.add(new GroupNode.Key(slots.slot(v), v.toString(), exprs.compile(e != null ? e : new ExprVar(v))));
        }
        List<GroupNode.Aggregate> aggregates = new ArrayList<>();
        for (ExprAggregator ea : g.getAggregators()) {
            aggregates.add(aggregate(slots.slot(ea.getVar()), ea.getAggregator()));
        }
        return new GroupNode(child, keys, aggregates, "Group by " + groupVars.getVars() + " " + g.getAggregators());
    }

    private GroupNode.Aggregate aggregate(int slot, Aggregator agg) {
        if (agg instanceof AggCount) {
            return Aggregates.countRows(slot);
        }
        if (agg instanceof AggCountVar c && c.getExprList().get(0) instanceof ExprVar v) {
            return Aggregates.countBound(slot, slots.slot(v.asVar()));
        }
        if (agg instanceof AggCountVarDistinct c && c.getExprList().get(0) instanceof ExprVar v) {
            return Aggregates.countDistinct(slot, slots.slot(v.asVar()));
        }
        List<Var> vars = agg.getExprList() == null ? List.of() : List.copyOf(ExprVars.getVarsMentioned(agg.getExprList()));
        if (agg instanceof AggCountDistinct) {
            throw new Unsupported("COUNT(DISTINCT *)"); // distinct over all visible variables: ARQ does it
        }
        return Aggregates.arq(slot, agg, slots.slots(vars), vars.toArray(new Var[0]));
    }

    private PlanNode slice(OpSlice s) {
        long offset = Math.max(0, s.getStart());
        long length = s.getLength();
        Needs outer = needs;
        needs = Needs.ALL; // the rows under a LIMIT count, duplicates included
        try {
            if (s.getSubOp() instanceof OpOrder o && length >= 0) {
                return new SliceNode(order(o, offset + length), offset, length);
            }
            return new SliceNode(compile(s.getSubOp()), offset, length);
        } finally {
            needs = outer;
        }
    }

    private PlanNode order(OpOrder o, long limit) {
        return new OrderNode(compile(o.getSubOp(), needs.plus(sortVars(o.getConditions()))), sortKeys(o.getConditions()), limit);
    }

    private static Set<Var> sortVars(List<SortCondition> conditions) {
        Set<Var> vars = new java.util.HashSet<>();
        for (SortCondition sc : conditions) {
            vars.addAll(ExprVars.getVarsMentioned(sc.getExpression()));
        }
        return vars;
    }

    private List<OrderNode.SortKey> sortKeys(List<SortCondition> conditions) {
        List<OrderNode.SortKey> keys = new ArrayList<>();
        for (SortCondition sc : conditions) {
            keys.add(new OrderNode.SortKey(exprs.compile(sc.getExpression()),
                    sc.getDirection() == org.apache.jena.query.Query.ORDER_DESCENDING));
        }
        return keys;
    }

    private PlanNode table(OpTable t) {
        if (t.isJoinIdentity()) {
            return new BgpNode(List.of(), List.of(), false);
        }
        List<Var> vars = t.getTable().getVars();
        int[] ss = slots.slots(vars);
        List<long[]> rows = new ArrayList<>();
        Iterator<Binding> it = t.getTable().rows();
        while (it.hasNext()) {
            Binding b = it.next();
            long[] r = new long[vars.size()];
            for (int i = 0; i < vars.size(); i++) {
                Node n = b.get(vars.get(i));
                r[i] = n == null ? TermId.NONE : cx.intern(n);
            }
            rows.add(r);
        }
        return new TableNode(ss, rows);
    }
}
