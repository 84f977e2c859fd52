package dev.quarry.e2e.conformance;

import java.nio.file.Path;
import org.apache.jena.graph.Graph;
import org.apache.jena.query.Query;
import org.apache.jena.query.ResultSetRewindable;
import org.apache.jena.update.UpdateRequest;

/**
 * Where a suite's queries and updates run: ARQ in this JVM ({@link ArqTarget}) or the
 * server over HTTP ({@link HttpTarget}). Each call gets the parsed request, for a target
 * that executes it, and the file it came from, for one that sends its text.
 * The evaluation and comparison code is the same for every target.
 */
interface SparqlTarget {
    ResultSetRewindable select(Query query, Path file);

    boolean ask(Query query, Path file);

    /** The result of a CONSTRUCT or DESCRIBE query. */
    Graph graph(Query query, Path file);

    void update(UpdateRequest request, Path file);
}
