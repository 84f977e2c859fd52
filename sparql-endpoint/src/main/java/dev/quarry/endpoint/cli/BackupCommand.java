package dev.quarry.endpoint.cli;

import dev.quarry.store.QuadStore;
import dev.quarry.store.error.StoreLockedException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code quarry backup}: a checkpoint of a store no process has open, timed. */
@Command(name = "backup",
        mixinStandardHelpOptions = true,
        description = {
            "Copies a store into the new directory TARGET, which opens as a store of its own.",
            "",
            "A RocksDB checkpoint: on the same filesystem the data files are hard-linked, so it is fast and takes little space until the store compacts them away; copy TARGET elsewhere afterwards for a real backup. For a store a running server has open, use the server's POST /backup (serve --backup-dir).",
            ""})
final class BackupCommand implements Callable<Integer> {
    @Mixin
    StoreOption store;

    @Parameters(index = "0", paramLabel = "TARGET", description = "the backup directory to create (must not exist)")
    Path target;

    @Override
    public Integer call() {
        QuadStore qs;
        try {
            qs = store.openExisting(true);
        } catch (StoreLockedException e) {
            throw new CliFailure("store " + store.dir() + " is open in another process (a running server?):"
                    + " back it up through the server with POST /backup (serve --backup-dir DIR)", e);
        }
        try (qs) {
            long start = System.nanoTime();
            long quads = qs.backup(target);
            System.out.printf(Text.LOCALE, "backed up %,d quads into %s in %s%n", quads, target, Text.seconds(System.nanoTime() - start));
        }
        return Main.OK;
    }
}
