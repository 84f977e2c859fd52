package dev.quarry.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.store.encoding.TermId;
import dev.quarry.store.error.StoreException;
import dev.quarry.store.verify.StoreValidator;
import dev.quarry.store.verify.ValidationReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link QuadStore#backup}: a checkpoint of an open store that opens as a store of its own. */
class StoreBackupTest {
    @TempDir
    Path dir;

    private static final Node P = NodeFactory.createURI("http://example.org/p");

    private static Node subject(int i) {
        return NodeFactory.createURI("http://example.org/s" + i);
    }

    private static void add(QuadStore store, int i) {
        try (WriteTransaction w = store.beginWrite()) {
            w.add(Quad.defaultGraphIRI, subject(i), P, NodeFactory.createLiteralString("v" + i));
            w.commit();
        }
    }

    private static boolean contains(ReadView view, int i) {
        long s = view.lookup(subject(i));
        long p = view.lookup(P);
        return s != TermId.NONE && p != TermId.NONE && view.contains(s, p, TermId.NONE, TermId.NONE);
    }

    @Test
    void aBackupTakenWhileAWriterAddsQuadsHoldsEveryEarlierCommitAndValidates() throws Exception {
        Path target = dir.resolve("backups").resolve("b1");
        int committedBefore;
        long reported;
        try (QuadStore store = QuadStore.open(dir.resolve("store"))) {
            for (int i = 0; i < 200; i++) {
                add(store, i);
            }
            AtomicInteger committed = new AtomicInteger(200);
            AtomicBoolean stop = new AtomicBoolean();
            Thread writer = new Thread(() -> {
                while (!stop.get()) {
                    add(store, committed.get());
                    committed.incrementAndGet();
                }
            });
            writer.start();
            try {
                while (committed.get() < 300) {
                    Thread.onSpinWait();
                }
                committedBefore = committed.get();
                reported = store.backup(target);
            } finally {
                stop.set(true);
                writer.join();
            }
            assertTrue(committed.get() > committedBefore, "the writer kept committing while the backup ran");
        }
        assertTrue(Files.isRegularFile(target.resolve("quarry.store")));
        try (QuadStore copy = QuadStore.open(target)) {
            ValidationReport report = StoreValidator.validate(copy);
            assertTrue(report.ok(), () -> "backup does not validate: " + report.problems());
            assertEquals(reported, copy.stats().quads(), "the count backup() answers is the backup's");
            assertTrue(reported >= committedBefore, "quads in backup: " + reported);
            try (ReadView view = copy.newReadView()) {
                for (int i = 0; i < committedBefore; i++) {
                    assertTrue(contains(view, i), "quad " + i + ", committed before the backup, is missing");
                }
            }
        }
        try (var s = Files.list(target.getParent())) {
            assertEquals(1, s.count(), "only the backup itself is left in its parent (no partial directory)");
        }
    }

    @Test
    void anExistingTargetIsRefusedAndLeftAsItWas() throws Exception {
        Path target = Files.createDirectories(dir.resolve("taken"));
        Files.writeString(target.resolve("keep.txt"), "mine");
        try (QuadStore store = QuadStore.open(dir.resolve("store"))) {
            add(store, 1);
            StoreException e = assertThrows(StoreException.class, () -> store.backup(target));
            assertTrue(e.getMessage().contains("already exists"), e.getMessage());
        }
        try (var s = Files.list(target)) {
            assertEquals(1, s.count());
        }
        try (var s = Files.list(dir)) {
            assertEquals(2, s.count(), "nothing but the store and the taken directory");
        }
    }

    @Test
    void aClosedStoreRefusesABackupAndWritesNothing() throws Exception {
        Path target = dir.resolve("b");
        try (QuadStore store = QuadStore.open(dir.resolve("store"))) {
            add(store, 1);
            store.close();
            assertThrows(StoreException.class, () -> store.backup(target));
        }
        assertTrue(Files.notExists(target));
    }
}
