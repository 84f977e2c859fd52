package dev.quarry.loader.crash;

import dev.quarry.loader.BulkLoader;
import dev.quarry.loader.LoadListener;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.progress.LoadProgress;
import dev.quarry.store.QuadStore;
import java.nio.file.Path;
import java.util.List;

/**
 * Run in a child JVM by {@link CrashSafetyTest}: bulk-loads {@code FILE...} into
 * {@code STORE} and prints a line per phase the pipeline reports through
 * {@link LoadListener#progress}: "reading" once statements are being parsed, "merging"
 * when the runs are merged into SST files, "committing" right before the atomic ingest.
 * At "committing" it waits (to be killed there) instead of committing.
 */
public final class CrashLoadChild {
    private CrashLoadChild() {}

    public static void main(String[] args) throws Exception {
        List<String> files = List.of(args).subList(1, args.length);
        try (QuadStore store = QuadStore.open(Path.of(args[0]))) {
            BulkLoader.load(store, LoadOptions.of(files).withThreads(2), new LoadListener() {
                private String last = "";

                @Override
                public void progress(LoadProgress p) {
                    boolean parsing = p.phase().equals("reading") && p.quads() > 0;
                    if (!p.phase().equals(last) && (parsing || !p.phase().equals("reading"))) {
                        last = p.phase();
                        System.out.println(p.phase());
                        System.out.flush();
                        if (p.phase().equals("committing")) {
                            hold();
                        }
                    }
                }
            });
            System.out.println("committed"); // only reached if the parent did not kill in time
        }
    }

    /** Waits to be killed; exits with 7 if the parent does not kill in two minutes. */
    static void hold() {
        try {
            Thread.sleep(120_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        System.exit(7); // never commit: the parent kills before this
    }
}
