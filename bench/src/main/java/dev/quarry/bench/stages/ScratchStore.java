package dev.quarry.bench.stages;

import dev.quarry.loader.encode.LoadDictionary;
import dev.quarry.loader.encode.TermEncoder;
import dev.quarry.store.BulkSession;
import dev.quarry.store.QuadStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A store in a temporary directory with a bulk session open on it, as a load has: the
 * loader's dictionary reserves ids from the session and writes its scratch files there.
 * Close deletes everything.
 */
final class ScratchStore implements AutoCloseable {
    /** Dictionary heap: enough that 1 M generated quads never spill, so encoding is measured, not the disk. */
    static final long DICTIONARY_BUDGET = 512L << 20;
    /** As the loader: 64 shards. */
    static final int DICTIONARY_SHARDS = 64;

    private final Path dir;
    final QuadStore store;
    private BulkSession session;

    ScratchStore() throws IOException {
        this.dir = Files.createTempDirectory("quarry-stage-");
        this.store = QuadStore.open(dir.resolve("store"));
        this.session = store.beginBulk();
    }

    BulkSession session() {
        return session;
    }

    /** A new empty directory beside the store (not in a session's scratch, which a commit deletes). */
    Path newDirectory(String prefix) throws IOException {
        return Files.createTempDirectory(dir, prefix);
    }

    /** Ends the current session (committed or not) and opens a new one. */
    BulkSession newSession() {
        session.close();
        session = store.beginBulk();
        return session;
    }

    /** A fresh, empty load dictionary on the current session (the store counts as empty: no lookups). */
    LoadDictionary newDictionary() {
        return new LoadDictionary(session, session.scratchDirectory(), true, DICTIONARY_BUDGET, DICTIONARY_SHARDS);
    }

    /** One worker's encoder over {@code dictionary}, as the loader makes one per parse thread. */
    TermEncoder newEncoder(LoadDictionary dictionary) {
        return new TermEncoder(dictionary, store.prefixes(), "bench");
    }

    @Override
    public void close() throws IOException {
        try {
            session.close();
            store.close();
        } finally {
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
