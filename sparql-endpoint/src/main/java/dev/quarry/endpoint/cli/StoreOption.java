package dev.quarry.endpoint.cli;

import dev.quarry.store.QuadStore;
import dev.quarry.store.StoreOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import picocli.CommandLine.Option;

/** The {@code --store DIR} option every store command shares, and how it opens the store. */
public final class StoreOption {
    @Option(names = "--store", required = true, paramLabel = "DIR",
            description = "The store directory.")
    Path dir;

    public Path dir() {
        return dir;
    }

    /** Opens the store, creating it if {@code DIR} is missing or empty. */
    public QuadStore openOrCreate() {
        return QuadStore.open(dir, StoreOptions.defaults());
    }

    /** Opens a store that must exist already (so a typo in DIR does not create an empty store). */
    public QuadStore openExisting(boolean readOnly) {
        if (!Files.isDirectory(dir) || isEmpty(dir)) {
            throw new CliFailure(dir + ": no Quarry store there (create one with: quarry load --store " + dir + " FILE...)");
        }
        return QuadStore.open(dir, StoreOptions.defaults().withReadOnly(readOnly));
    }

    private static boolean isEmpty(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
