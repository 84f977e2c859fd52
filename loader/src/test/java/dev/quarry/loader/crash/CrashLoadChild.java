package dev.quarry.loader.crash;

import dev.quarry.loader.BulkLoader;
import dev.quarry.loader.LoadListener;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.progress.LoadProgress;
import dev.quarry.store.QuadStore;
import java.nio.file.Path;
import java.util.List;

/**
 * Run in a child JVM by {@link CrashSafetyTest}: {@code PHASE STORE FILE...} bulk-loads
 * the files into the store and prints a line per phase the pipeline reports through
 * {@link LoadListener#progress}: "reading" once statements are being parsed, "merging"
 * when the runs are merged into SST files, "committing" right before the atomic ingest.
 * In {@code PHASE} it then stops the load where it is, to be killed there, so that the
 * kill lands in that phase however slow the machine: at "reading" it holds the thread
 * that would start the merge; at "merging" the first merge thread that checks for
 * cancellation (so merging is under way); at "committing" the thread about to commit.
 */
public final class CrashLoadChild {
    private CrashLoadChild() {}

    public static void main(String[] args) throws Exception {
        String holdAt = args[0];
        List<String> files = List.of(args).subList(2, args.length);
        try (QuadStore store = QuadStore.open(Path.of(args[1]))) {
            BulkLoader.load(store, LoadOptions.of(files).withThreads(2), new LoadListener() {
                private volatile String last = "";

                @Override
                public void progress(LoadProgress p) {
                    boolean parsing = p.phase().equals("reading") && p.quads() > 0;
                    if (!p.phase().equals(last) && (parsing || !p.phase().equals("reading"))) {
                        last = p.phase();
                        System.out.println(p.phase());
                        System.out.flush();
                        if (p.phase().equals(holdAt) && !holdAt.equals("merging")) {
                            hold();
                        }
                    }
                }

                @Override
                public boolean cancelled() {
                    if (holdAt.equals("merging") && last.equals("merging")) {
                        hold();
                    }
                    return false;
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
