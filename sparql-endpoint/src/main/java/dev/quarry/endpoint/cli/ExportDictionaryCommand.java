package dev.quarry.endpoint.cli;

import dev.quarry.loader.prebuilt.DictionarySnapshot;
import dev.quarry.loader.prebuilt.PrebuiltException;
import dev.quarry.store.QuadStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code quarry export-dictionary}: a store's dictionary, for a Spark build of files to ingest into that store. */
@Command(name = "export-dictionary",
        mixinStandardHelpOptions = true,
        description = {
            "Writes a store's dictionary (terms and their ids, namespaces and theirs, the next id) to a new directory,"
                    + " for 'quarry-spark build --dictionary OUT_DIR'.",
            "",
            "Known terms then keep the store's ids in the build and new ones are numbered from the store's next id on. The build records the dictionary's state at export; 'quarry ingest' refuses the build if the store's dictionary has changed since (a load or update that added terms or namespaces, DROP ALL), and then you export and build again; quads added or deleted with known terms only do not matter. Holds the store's writer lock while it runs (updates and loads wait).",
            ""})
final class ExportDictionaryCommand implements Callable<Integer> {
    @Mixin
    StoreOption store;

    @Parameters(index = "0", paramLabel = "OUT_DIR", description = "The directory to write (must not exist, or be empty).")
    Path out;

    @Override
    public Integer call() {
        long start = System.nanoTime();
        try (QuadStore qs = store.openExisting(false)) {
            DictionarySnapshot s = DictionarySnapshot.export(qs, out);
            System.out.printf(Text.LOCALE, "exported %,d terms of %s to %s (next id %,d, next prefix %,d) in %s%n", s.terms(),
                    store.dir(), out, s.nextSequence(), s.nextPrefix(), Text.seconds(System.nanoTime() - start));
            return Main.OK;
        } catch (PrebuiltException e) {
            throw new CliFailure(e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + out + ": " + e.getMessage(), e);
        }
    }
}
