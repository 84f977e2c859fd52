package dev.quarry.loader.crash;

import dev.quarry.loader.BulkLoader;
import dev.quarry.loader.LoadListener;
import dev.quarry.loader.LoadMode;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.progress.LoadProgress;
import dev.quarry.store.QuadStore;
import java.nio.file.Path;
import java.util.List;

/**
 * Run in a child JVM by {@link ResumeCrashTest}: loads {@code FILE...} into {@code STORE} in
 * RESUME mode, one file a commit. Prints "committed NAME" for each feed a commit made durable;
 * once a commit has happened, prints {@code PHASE} ("reading" once the next group has parsed
 * statements, "committing" right before its ingest) and holds the supervising thread there
 * (so the load cannot move on) until it is killed.
 */
public final class ResumeLoadChild {
    private ResumeLoadChild() {}

    public static void main(String[] args) throws Exception {
        String killAt = args[1];
        List<String> files = List.of(args).subList(2, args.length);
        try (QuadStore store = QuadStore.open(Path.of(args[0]))) {
            LoadOptions options = LoadOptions.of(files).withThreads(2).withMode(LoadMode.RESUME).withCommitBytes(1);
            BulkLoader.load(store, options, new LoadListener() {
                private volatile long quadsAtCommit = -1;
                private volatile long lastQuads;
                private volatile boolean printed;

                @Override
                public void feedsCommitted(List<String> feeds) {
                    for (String f : feeds) {
                        System.out.println("committed " + f);
                    }
                    System.out.flush();
                    quadsAtCommit = lastQuads; // the pipeline reports progress right after each commit
                }

                @Override
                public void progress(LoadProgress p) {
                    lastQuads = p.quads();
                    if (quadsAtCommit < 0 || printed || !p.phase().equals(killAt)) {
                        return;
                    }
                    if (killAt.equals("reading") && p.quads() <= quadsAtCommit) {
                        return; // the next group has not parsed anything yet
                    }
                    printed = true;
                    System.out.println(killAt);
                    System.out.flush();
                    CrashLoadChild.hold();
                }
            });
            System.out.println("done"); // only reached if the parent did not kill in time
        }
    }
}
