package dev.quarry.endpoint.cli;

import dev.quarry.endpoint.sparql.UpdateRunner;
import dev.quarry.store.QuadStore;
import dev.quarry.store.arq.QuarryDatasetGraph;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.apache.jena.update.UpdateRequest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code quarry update}: one SPARQL Update request, in one write transaction. */
@Command(name = "update",
        mixinStandardHelpOptions = true,
        description = {
            "Runs a SPARQL Update request on a store, in one transaction.",
            "",
            "Either the whole request is applied or nothing is. DROP ALL and CLEAR ALL use the store's own drop, whose time does not grow with the data; the other operations run through Jena ARQ.",
            ""})
final class UpdateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    StoreOption store;

    @Parameters(arity = "0..1", paramLabel = "UPDATE", description = "The update text (or use --file).")
    String text;

    @Option(names = {"-f", "--file"}, paramLabel = "FILE", description = "Read the update from this file.")
    Path file;

    @Override
    public Integer call() throws Exception {
        UpdateRequest request = SparqlInput.of(spec.commandLine(), "update", text, file).parseUpdate();
        try (QuadStore qs = store.openExisting(false)) {
            long before = qs.stats().quads();
            long start = System.nanoTime();
            new UpdateRunner(new QuarryDatasetGraph(qs)).run(request);
            long elapsed = System.nanoTime() - start;
            int operations = request.getOperations().size();
            long fastDrops = request.getOperations().stream().filter(UpdateRunner::isDropAll).count();
            System.out.printf(Text.LOCALE, "update: %d operation%s in %s%s; quads %,d -> %,d%n",
                    operations, operations == 1 ? "" : "s", Text.seconds(elapsed),
                    fastDrops > 0 ? " (" + fastDrops + " by the store's fast DROP ALL)" : "",
                    before, qs.stats().quads());
        }
        return Main.OK;
    }
}
