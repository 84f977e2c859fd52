package dev.quarry.loader.stage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.loader.BulkLoader;
import dev.quarry.loader.LoadException;
import dev.quarry.loader.LoadListener;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.testing.QuadGenerator;
import dev.quarry.loader.testing.StoreContents;
import dev.quarry.store.QuadStore;
import dev.quarry.store.StoreStats;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A failure or a cancel in any stage (read, parse, encode, sort, merge, ingest) stops the load:
 * the caller gets a {@link LoadException}, no load thread is left, the store holds what it held
 * before (a load into a non-empty store, so the duplicate check against it runs too), the
 * scratch directory is gone and the writer lock is free.
 */
class StageFailureTest {
    @TempDir
    Path tmp;

    /** A stage that fails with this exception, or cancels the load, the first time it reaches its fault point. */
    private static final class Fault implements StageFaults {
        private final Stage where;
        private final boolean cancel;
        final AtomicBoolean fired = new AtomicBoolean();

        Fault(Stage where, boolean cancel) {
            this.where = where;
            this.cancel = cancel;
        }

        @Override
        public void at(Stage stage) {
            if (stage != where || !fired.compareAndSet(false, true)) {
                return;
            }
            if (!cancel) {
                throw new IllegalStateException("injected fault in " + stage);
            }
            if (stage == Stage.INGEST) {
                return; // runs on the calling thread, which sees the cancel next
            }
            // Hold the stage until the cancel stops it (an interrupt), so the load cannot finish first.
            long until = System.nanoTime() + 30_000_000_000L;
            while (!Thread.currentThread().isInterrupted() && System.nanoTime() < until) {
                Thread.onSpinWait();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(StageFaults.Stage.class)
    void aFailureInAnyStageStopsEveryThreadAndLeavesTheStoreAsItWas(StageFaults.Stage stage) throws Exception {
        LoadException e = loadWithFault(stage, false);
        assertTrue(e.getMessage().contains("injected fault in " + stage), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(StageFaults.Stage.class)
    void aCancelInAnyStageStopsEveryThreadAndLeavesTheStoreAsItWas(StageFaults.Stage stage) throws Exception {
        LoadException e = loadWithFault(stage, true);
        assertTrue(e.getMessage().contains("cancelled"), e.getMessage());
    }

    private LoadException loadWithFault(StageFaults.Stage stage, boolean cancel) throws Exception {
        Path first = tmp.resolve("first.nq");
        Path second = tmp.resolve("second.nq");
        try (Writer a = Files.newBufferedWriter(first); Writer b = Files.newBufferedWriter(second)) {
            new QuadGenerator(1).write(a, 1_000);
            new QuadGenerator(2).write(b, 30_000);
        }
        Path scratch = tmp.resolve("scratch");
        try (QuadStore store = QuadStore.open(tmp.resolve("store"))) {
            BulkLoader.load(store, LoadOptions.of(first.toString()));
            Set<Quad> before = quads(store);
            StoreStats statsBefore = store.stats();
            Fault fault = new Fault(stage, cancel);
            LoadListener listener = new LoadListener() {
                @Override
                public boolean cancelled() {
                    return cancel && fault.fired.get();
                }
            };
            // A small budget and batches: several chunks, batches and spilled runs reach every stage.
            LoadOptions options = LoadOptions.of(second.toString()).withThreads(2).withMemory(8L << 20).withTmpDir(scratch);
            LoadException e = assertThrows(LoadException.class,
                    () -> new LoadPipeline(store, options, listener, fault).run());
            assertTrue(fault.fired.get(), "the fault point was reached");
            assertEquals(List.of(), loadThreads(), "load threads left");
            assertEquals(statsBefore.quads(), store.stats().quads());
            assertEquals(statsBefore.terms(), store.stats().terms());
            assertEquals(before, quads(store), "store changed");
            assertTrue(isEmpty(scratch), "scratch files left");
            try (var txn = store.beginWrite()) { // the writer lock was released
                txn.abort();
            }
            return e;
        }
    }

    /** The store's quads (blank node labels are the store's own, the same on every read). */
    private static Set<Quad> quads(QuadStore store) {
        Set<Quad> out = new HashSet<>();
        DatasetGraph copy = StoreContents.copy(store);
        copy.find().forEachRemaining(out::add);
        return out;
    }

    private static List<String> loadThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith("quarry-load") || n.startsWith("quarry-read-ahead")).toList();
    }

    private static boolean isEmpty(Path dir) throws Exception {
        if (!Files.exists(dir)) {
            return true;
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        }
    }
}
