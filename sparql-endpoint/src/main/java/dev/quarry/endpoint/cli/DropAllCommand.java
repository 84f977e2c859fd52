package dev.quarry.endpoint.cli;

import dev.quarry.store.QuadStore;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code quarry drop-all}: empties the store, timed. */
@Command(name = "drop-all",
        mixinStandardHelpOptions = true,
        description = {
            "Deletes every quad of a store and prints how long it took.",
            "",
            "Like SPARQL DROP ALL. The drop writes range deletions, so its time does not grow with the data. The disk space is reclaimed separately, in the background while a store is open, so stats may still count it right after.",
            ""})
final class DropAllCommand implements Callable<Integer> {
    @Mixin
    StoreOption store;

    @Override
    public Integer call() {
        try (QuadStore qs = store.openExisting(false)) {
            long before = qs.stats().quads();
            long start = System.nanoTime();
            qs.dropAll();
            long elapsed = System.nanoTime() - start;
            System.out.printf(Text.LOCALE, "dropped %,d quads in %s%n", before, Text.seconds(elapsed));
        }
        return Main.OK;
    }
}
