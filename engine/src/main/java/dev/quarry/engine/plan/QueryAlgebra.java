package dev.quarry.engine.plan;

import org.apache.jena.query.Query;
import org.apache.jena.sparql.algebra.Algebra;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.Transformer;
import org.apache.jena.sparql.algebra.optimize.TransformMergeBGPs;
import org.apache.jena.sparql.algebra.optimize.TransformPathFlatten;
import org.apache.jena.sparql.algebra.optimize.TransformScopeRename;

/**
 * The algebra the engine plans from: ARQ's translation of the query, with only the
 * rewrites that every evaluation needs (variables of sub-queries renamed apart, simple
 * property paths as triple patterns, adjacent basic graph patterns merged). ARQ's
 * optimizer is not run: it cuts a basic graph pattern at its filters in the order the
 * query is written, before anything knows which pattern is selective; the engine orders
 * patterns and places filters itself, per execution, from the store's statistics.
 */
public final class QueryAlgebra {
    private QueryAlgebra() {}

    public static Op of(Query query) {
        if (query.getQueryPattern() == null) {
            query.setQueryPattern(new org.apache.jena.sparql.syntax.ElementGroup()); // DESCRIBE <iri>, as ARQ does
        }
        return prepare(Algebra.compile(query));
    }

    public static Op prepare(Op op) {
        op = TransformScopeRename.transform(op);
        op = Transformer.transform(new TransformPathFlatten(), op);
        return Transformer.transform(new TransformMergeBGPs(), op);
    }
}
