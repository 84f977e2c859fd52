package dev.quarry.store.arq.regex;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.expr.E_StrReplace;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprEvalException;
import org.apache.jena.sparql.expr.ExprList;
import org.apache.jena.sparql.expr.NodeValue;
import org.apache.jena.sparql.expr.RegexEngine;
import org.apache.jena.sparql.expr.nodevalue.NodeValueOps;

/**
 * SPARQL REPLACE as ARQ's {@link E_StrReplace} evaluates it ({@code XSDFuncOp.strReplace}:
 * same empty-match rule, the result keeps the input's language tag), but matching over
 * {@link StoppableChars}, so that a backtracking pattern stops with its query.
 */
final class GuardedReplace extends E_StrReplace {
    private final Pattern constant;

    GuardedReplace(Expr string, Expr pattern, Expr replacement, Expr flags) {
        super(string, pattern, replacement, flags);
        boolean fixed = isString(pattern) && (flags == null || isString(flags));
        this.constant = fixed ? RegexEngine.makePattern("REPLACE", pattern.getConstant().getString(),
                flags == null ? null : flags.getConstant().getString()) : null;
    }

    private static boolean isString(Expr e) {
        return e.isConstant() && e.getConstant().isString();
    }

    @Override
    public NodeValue eval(List<NodeValue> args) {
        NodeValue input = args.get(0);
        String s = NodeValueOps.checkAndGetStringLiteral("replace", input).getLiteralLexicalForm();
        String rep = NodeValueOps.checkAndGetStringLiteral("replace", args.get(2)).getLiteralLexicalForm();
        Pattern p = constant;
        if (p == null) {
            String pat = NodeValueOps.checkAndGetStringLiteral("replace", args.get(1)).getLiteralLexicalForm();
            String flags = args.size() > 3 && args.get(3) != null
                    ? NodeValueOps.checkAndGetStringLiteral("replace", args.get(3)).getLiteralLexicalForm() : null;
            p = RegexEngine.makePattern("replace", pat, flags);
        }
        String out = replaceAll(p.matcher(StoppableChars.of(s)), rep);
        if (out == null || out.equals(s)) {
            return input;
        }
        Node n = input.asNode(); // as XSDFuncOp.calcReturn: keep language, direction and datatype
        return NodeValue.makeNode(NodeFactory.createLiteral(out, n.getLiteralLanguage(), n.getLiteralBaseDirection(),
                n.getLiteralDatatype()));
    }

    /** ARQ's rule: after the first match, empty matches are skipped; null if nothing matched. */
    private static String replaceAll(Matcher m, String rep) {
        try {
            StringBuilder sb = null;
            while (m.find()) {
                if (sb == null) {
                    sb = new StringBuilder();
                } else if (m.start() == m.end()) {
                    continue;
                }
                m.appendReplacement(sb, rep);
            }
            if (sb == null) {
                return null;
            }
            m.appendTail(sb);
            return sb.toString();
        } catch (IndexOutOfBoundsException e) {
            throw new ExprEvalException("IndexOutOfBounds", e);
        }
    }

    @Override
    public Expr copy(ExprList newArgs) {
        return new GuardedReplace(newArgs.get(0), newArgs.get(1), newArgs.get(2), newArgs.size() > 3 ? newArgs.get(3) : null);
    }
}
