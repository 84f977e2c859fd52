package dev.quarry.store.arq.regex;

import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.Transformer;
import org.apache.jena.sparql.algebra.TransformCopy;
import org.apache.jena.sparql.expr.E_Regex;
import org.apache.jena.sparql.expr.E_StrReplace;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprFunctionN;
import org.apache.jena.sparql.expr.ExprList;
import org.apache.jena.sparql.expr.ExprTransformCopy;
import org.apache.jena.sparql.expr.ExprTransformer;

/**
 * Replaces REGEX and REPLACE in an algebra expression or in every expression of an
 * algebra tree by their stoppable versions ({@link GuardedRegex}, {@link GuardedReplace}).
 * ARQ offers no hook for its regex engine (only a choice between java.util.regex and
 * Xerces, neither stoppable), hence the rewrite. Both query engines apply it: the
 * id-level engine to the expressions it hands to ARQ, ARQ's engine to its algebra.
 */
public final class RegexGuard extends ExprTransformCopy {
    private static final RegexGuard INSTANCE = new RegexGuard();

    private RegexGuard() {
    }

    public static Expr guard(Expr e) {
        return ExprTransformer.transform(INSTANCE, e);
    }

    public static Op guard(Op op) {
        return Transformer.transform(new TransformCopy(), INSTANCE, op);
    }

    @Override
    public Expr transform(ExprFunctionN func, ExprList args) {
        if (func instanceof E_Regex && !(func instanceof GuardedRegex)) {
            return new GuardedRegex(args.get(0), args.get(1), args.size() > 2 ? args.get(2) : null);
        }
        if (func instanceof E_StrReplace && !(func instanceof GuardedReplace)) {
            return new GuardedReplace(args.get(0), args.get(1), args.get(2), args.size() > 3 ? args.get(3) : null);
        }
        return super.transform(func, args);
    }
}
