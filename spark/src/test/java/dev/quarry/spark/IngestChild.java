package dev.quarry.spark;

import dev.quarry.loader.prebuilt.PrebuiltIngest;
import dev.quarry.store.QuadStore;
import java.nio.file.Path;

/** The child JVM of {@link IngestKillTest}: opens STORE, says "ingesting", ingests BUILD_DIR, says "done". */
public final class IngestChild {
    private IngestChild() {}

    public static void main(String[] args) {
        try (QuadStore store = QuadStore.open(Path.of(args[0]))) {
            System.out.println("ingesting");
            System.out.flush();
            PrebuiltIngest.ingest(store, Path.of(args[1]));
            System.out.println("done");
            System.out.flush();
        }
    }
}
