package dev.quarry.engine.output;

import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Var;

/** The rows of a SELECT result, column by column, for the result writers. */
public interface Solutions {
    /** The result variables, in order. */
    List<Var> vars();

    /** Moves to the next row; false at the end. */
    boolean next();

    /** The term of column {@code column} in the current row, or null if unbound. */
    Node get(int column);
}
