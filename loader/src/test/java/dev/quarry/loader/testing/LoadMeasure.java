package dev.quarry.loader.testing;

import dev.quarry.loader.BulkLoader;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.LoadReport;
import dev.quarry.store.QuadStore;
import dev.quarry.store.verify.StoreValidator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A measurement run (not a unit test): {@code LoadMeasure STORE_DIR FILE... [-Dthreads=N]
 * [-Dmemory=BYTES] [-Dvalidate=true]} loads into a new store and prints the report.
 */
public final class LoadMeasure {
    private LoadMeasure() {}

    public static void main(String[] args) {
        Path dir = Path.of(args[0]);
        if (Files.exists(dir.resolve("quarry.store"))) {
            throw new IllegalArgumentException(dir + " exists; give a new directory");
        }
        List<String> files = List.of(args).subList(1, args.length);
        LoadOptions opts = LoadOptions.of(files).withThreads(Integer.getInteger("threads", 0))
                .withMemory(Long.getLong("memory", 0L));
        try (QuadStore store = QuadStore.open(dir)) {
            LoadReport r = BulkLoader.load(store, opts);
            System.out.print(r.toJson());
            if (Boolean.getBoolean("validate")) {
                System.out.println(StoreValidator.validate(store));
            }
        }
    }
}
