package dev.quarry.endpoint.cli;

import dev.quarry.store.QuadStore;
import java.nio.file.Files;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code quarry upgrade}: turns a store of an older format (2 to 4) into this build's, in place. */
@Command(name = "upgrade",
        mixinStandardHelpOptions = true,
        description = {
            "Turns a store of format 2, 3 or 4 into this build's format " + QuadStore.FORMAT_VERSION + ", in place.",
            "",
            "Format 5 keys the term -> id map (TERM2ID) by a 128-bit hash of each term instead of the term itself: the upgrade writes that map again from the id -> term map. Format 4 keeps the delimiter of an IRI that ends in '/', '#' or ':' (a homepage such as http://example.com/) in its local name, where format 3 made each such IRI a namespace of its own: the upgrade rewrites the dictionary entries of the terms that hold such IRIs; ids, indexes and statistics stay. From format 2 it also deletes the default graph's triples from the three graph-first indexes (format 3 keeps them in SPOG, POSG and OSPG only) and compacts those ranges away. Nothing else is rewritten, so it takes seconds to minutes, not a reload. The store must not be open elsewhere (stop the server first). While it runs it prints the dictionary entries rewritten so far on stderr every five seconds. If it is killed, the store says the format before the step under way: run it again. A store already of format " + QuadStore.FORMAT_VERSION + " is left as it is (exit code 0); older formats must be reloaded.",
            ""})
final class UpgradeCommand implements Callable<Integer> {
    private static final long PROGRESS_EVERY_NANOS = 5_000_000_000L;

    @Mixin
    StoreOption store;

    @Override
    public Integer call() {
        if (!Files.isDirectory(store.dir())) {
            throw new CliFailure(store.dir() + ": no Quarry store there");
        }
        long start = System.nanoTime();
        long[] rewritten = {0};
        long[] lastLine = {start};
        boolean upgraded = QuadStore.upgrade(store.dir(), n -> {
            rewritten[0] = n;
            long now = System.nanoTime();
            if (now - lastLine[0] >= PROGRESS_EVERY_NANOS) { // a large store takes minutes: say it is moving
                System.err.printf(Text.LOCALE, "upgrade: %,d dictionary entries rewritten so far (%s)%n", n, Text.seconds(now - start));
                lastLine[0] = now;
            }
        });
        if (upgraded) {
            System.out.println(store.dir() + ": upgraded to store format " + QuadStore.FORMAT_VERSION + " in "
                    + Text.seconds(System.nanoTime() - start) + String.format(Text.LOCALE, " (%,d dictionary entries rewritten)", rewritten[0]));
        } else {
            System.out.println(store.dir() + ": already of store format " + QuadStore.FORMAT_VERSION + ", nothing to do");
        }
        return Main.OK;
    }
}
