package dev.quarry.endpoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.store.QuadStore;
import dev.quarry.store.WriteTransaction;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.jena.graph.NodeFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code quarry backup --store DIR TARGET}: for a store no other process has open. */
class BackupCommandTest {
    @TempDir
    Path dir;

    private void makeStore(Path store, int quads) {
        try (QuadStore qs = QuadStore.open(store); WriteTransaction w = qs.beginWrite()) {
            for (int i = 0; i < quads; i++) {
                w.add(null, NodeFactory.createURI("urn:ex:s:" + i), NodeFactory.createURI("urn:ex:p"),
                        NodeFactory.createLiteralByValue(i));
            }
            w.commit();
        }
    }

    @Test
    void aClosedStoreIsBackedUpIntoAStoreThatVerifies() {
        Path store = dir.resolve("store");
        makeStore(store, 7);
        Path target = dir.resolve("copy");
        CliRun r = CliRun.run("backup", "--store", store.toString(), target.toString());
        assertEquals(Main.OK, r.code(), r.err());
        assertTrue(r.out().startsWith("backed up 7 quads into " + target), r.out());
        CliRun verify = CliRun.run("verify", "--store", target.toString());
        assertEquals(Main.OK, verify.code(), verify.out() + verify.err());
    }

    @Test
    void aStoreThatAnotherOpenerHoldsIsRefusedInOneLinePointingToTheServerRoute() {
        Path store = dir.resolve("store");
        makeStore(store, 1);
        try (QuadStore running = QuadStore.open(store)) {
            CliRun r = CliRun.run("backup", "--store", store.toString(), dir.resolve("copy").toString());
            assertEquals(Main.FAILURE, r.code());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().contains("is open in another process") && r.err().contains("POST /backup"), r.err());
        }
        assertTrue(Files.notExists(dir.resolve("copy")));
    }

    @Test
    void anExistingTargetIsRefusedInOneLine() throws Exception {
        Path store = dir.resolve("store");
        makeStore(store, 1);
        Path target = Files.createDirectories(dir.resolve("copy"));
        CliRun r = CliRun.run("backup", "--store", store.toString(), target.toString());
        assertEquals(Main.FAILURE, r.code());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("already exists"), r.err());
        try (var s = Files.list(target)) {
            assertEquals(0, s.count());
        }
    }
}
