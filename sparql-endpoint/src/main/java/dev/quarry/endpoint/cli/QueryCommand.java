package dev.quarry.endpoint.cli;

import dev.quarry.engine.arq.QueryExplainer;
import dev.quarry.store.QuadStore;
import dev.quarry.store.arq.QuarryDatasetGraph;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.apache.jena.query.Query;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code quarry query}: one SPARQL query on one snapshot of the store. */
@Command(name = "query",
        mixinStandardHelpOptions = true,
        description = {
            "Runs a SPARQL query on a store and prints the result.",
            "",
            "SPARQL 1.1 with Jena ARQ's extensions. The default graph of the query is the store's default graph; GRAPH ?g reaches the named graphs. SELECT and ASK print a table by default; CONSTRUCT and DESCRIBE print Turtle.",
            ""})
final class QueryCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    StoreOption store;

    @Parameters(arity = "0..1", paramLabel = "QUERY", description = "The query text (or use --file).")
    String text;

    @Option(names = {"-f", "--file"}, paramLabel = "FILE", description = "Read the query from this file.")
    Path file;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "table, json, csv, tsv or xml for SELECT and ASK (default table);"
                    + " turtle, ntriples, nquads or trig for CONSTRUCT and DESCRIBE (default turtle).")
    ResultFormat format;

    @Option(names = "--explain",
            description = "Print the executed plan instead of the result: each operator with the index and key"
                    + " it reads, estimated and actual rows and time (the query runs to the end).")
    boolean explain;

    @Override
    public Integer call() throws Exception {
        Query query = SparqlInput.of(spec.commandLine(), "query", text, file).parseQuery();
        try (QuadStore qs = store.openExisting(true)) {
            if (explain) {
                System.out.print(QueryExplainer.explain(new QuarryDatasetGraph(qs), query));
                return Main.OK;
            }
            ResultFormat f = format != null ? format : QueryPrinter.defaultFor(query);
            QueryPrinter.print(new QuarryDatasetGraph(qs), query, f, System.out);
        }
        return Main.OK;
    }
}
