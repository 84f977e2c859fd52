package dev.quarry.store.arq.regex;

import java.util.List;
import java.util.regex.Pattern;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.expr.E_Regex;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprEvalException;
import org.apache.jena.sparql.expr.ExprList;
import org.apache.jena.sparql.expr.NodeValue;
import org.apache.jena.sparql.expr.RegexEngine;
import org.apache.jena.sparql.expr.nodevalue.NodeValueOps;

/**
 * SPARQL REGEX as ARQ's {@link E_Regex} evaluates it with {@code java.util.regex}
 * (same flags, same errors), but matching over {@link StoppableChars}: a pattern that
 * backtracks for ever stops when its query is cancelled or out of time.
 */
final class GuardedRegex extends E_Regex {
    private final Pattern constant;

    GuardedRegex(Expr expr, Expr pattern, Expr flags) {
        super(expr, pattern, flags);
        boolean fixed = pattern.isConstant() && pattern.getConstant().isString()
                && (flags == null || (flags.isConstant() && flags.getConstant().isString()));
        this.constant = fixed ? compile(pattern.getConstant(), flags == null ? null : flags.getConstant()) : null;
    }

    @Override
    public NodeValue eval(List<NodeValue> args) {
        Node arg = NodeValueOps.checkAndGetStringLiteral("REGEX", args.get(0));
        Pattern p = constant != null ? constant : compile(args.get(1), args.size() == 2 ? null : args.get(2));
        return p.matcher(StoppableChars.of(arg.getLiteralLexicalForm())).find() ? NodeValue.TRUE : NodeValue.FALSE;
    }

    private static Pattern compile(NodeValue pattern, NodeValue flags) {
        if (!pattern.isString()) {
            throw new ExprEvalException("REGEX: Pattern is not a string: " + pattern);
        }
        if (flags != null && !flags.isString()) {
            throw new ExprEvalException("REGEX: Pattern flags are not a string: " + flags);
        }
        String f = flags == null ? null : flags.getString();
        if (f != null && !f.chars().allMatch(c -> "smixq".indexOf(c) >= 0)) {
            throw new ExprEvalException("REGEX: Only 'smixq' are legal as pattern flags: got \"" + f + "\"");
        }
        return RegexEngine.makePattern("Regex", pattern.getString(), f);
    }

    @Override
    public Expr copy(ExprList newArgs) {
        return new GuardedRegex(newArgs.get(0), newArgs.get(1), newArgs.size() == 2 ? null : newArgs.get(2));
    }
}
