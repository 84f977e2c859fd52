package dev.quarry.engine.shape;

import java.util.List;
import java.util.Map;
import org.apache.jena.graph.Node;
import org.apache.jena.query.Query;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.graph.NodeTransformLib;
import org.apache.jena.sparql.syntax.Template;

/**
 * A query ready to plan: its algebra ({@link #op()}), and the parts of the parsed query
 * the result needs. When it came from {@link ShapeCache}, {@link #query()} is the first
 * query of its shape: its form (SELECT, ASK, ...), result variables, prefixes and
 * dataset clauses are this one's too, but its constants are not: read the CONSTRUCT
 * template and DESCRIBE terms from {@link #template()} and {@link #describeTerms()}.
 */
public record Prepared(Query query, Op op, Map<Node, Node> substitution, String text, String base) {

    /** The CONSTRUCT template with this query's constants. */
    public Template template() {
        Template t = query.getConstructTemplate();
        if (t == null || substitution.isEmpty()) {
            return t;
        }
        return new Template(NodeTransformLib.transform(ShapeCache.substitution(substitution), t.getBGP()));
    }

    /** The terms a DESCRIBE names directly, with this query's constants. */
    public List<Node> describeTerms() {
        return query.getResultURIs().stream().map(n -> substitution.getOrDefault(n, n)).toList();
    }

    /** Whether the constants differ from the parsed query's (a cache hit with other constants). */
    public boolean substituted() {
        return !substitution.isEmpty();
    }

    /** This query parsed by ARQ (parsed now if it came from the cache with other constants), for ARQ's engine. */
    public Query parsedQuery() {
        return substituted() ? org.apache.jena.query.QueryFactory.create(text, base, org.apache.jena.query.Syntax.syntaxSPARQL_11)
                : query;
    }

    /** A stand-in for comparing query forms: result variables, template and DESCRIBE terms under {@code subst}. */
    static Object queryWith(Query q, Map<Node, Node> subst) {
        Prepared p = new Prepared(q, null, subst, null, null);
        Template t = p.template();
        return List.of(q.queryType(), q.getResultVars(), t == null ? List.of() : t.getBGP().getList(), p.describeTerms(),
                q.hasDatasetDescription());
    }
}
