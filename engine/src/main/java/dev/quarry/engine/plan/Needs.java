package dev.quarry.engine.plan;

import java.util.HashSet;
import java.util.Set;
import org.apache.jena.sparql.core.Var;

/**
 * What the operators above a plan node need of its rows: with {@code distinct}, only which
 * combinations of {@code vars} occur (a DISTINCT above, reached through projections,
 * filters, joins and ORDER BY, but not through a LIMIT): then a basic graph pattern may drop
 * rows that differ only in variables nothing needs any more, as soon as those are bound.
 * Without it, every row counts.
 */
record Needs(boolean distinct, Set<Var> vars) {
    static final Needs ALL = new Needs(false, Set.of());

    static Needs distinct(Set<Var> vars) {
        return new Needs(true, vars);
    }

    /** The same needs, plus {@code more} variables (used by an operator in between). */
    Needs plus(java.util.Collection<Var> more) {
        if (!distinct || more.isEmpty()) {
            return this;
        }
        Set<Var> all = new HashSet<>(vars);
        all.addAll(more);
        return new Needs(true, all);
    }
}
