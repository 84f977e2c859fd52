package dev.quarry.store.durability;

import dev.quarry.store.BulkSession;
import dev.quarry.store.QuadStore;
import dev.quarry.store.StoreOptions;
import dev.quarry.store.WriteTransaction;
import java.nio.file.Path;
import java.util.List;
import org.apache.jena.graph.Node;

/**
 * The process {@link DurabilityTest} kills. It writes to a store and prints a line on
 * stdout only after each step has returned, so every line the parent reads is an
 * acknowledgement. It never waits for ever: after {@link #LIFETIME_MS} it exits by itself.
 *
 * <pre>
 * commits DIR FIRST            commit sequence numbers FIRST, FIRST+1, ... ("committed N")
 * drop DIR BULK COMMITS        bulk-load 1..BULK, commit BULK+1..BULK+COMMITS, DROP ALL ("dropped"),
 *                              then commit 1_000_001, 1_000_002, ... ("committed N")
 * bulk-abort DIR FIRST COUNT   build the files of FIRST..FIRST+COUNT-1, print "files-ready", wait
 * bulk-commit DIR FIRST COUNT  the same, commit, print "ingested", wait
 * upgrade DIR                  run QuadStore.upgrade (the store is not opened first), "rewritten N"
 *                              after each batch of terms it rewrites, "upgraded" at the end
 * </pre>
 */
public final class DurabilityChild {
    static final long LIFETIME_MS = 60_000;
    /** Sequence numbers written after a DROP ALL start here. */
    static final long AFTER_DROP = 1_000_001;

    private DurabilityChild() {}

    public static void main(String[] args) throws Exception {
        long deadline = System.currentTimeMillis() + LIFETIME_MS;
        Path dir = Path.of(args[1]);
        if (args[0].equals("upgrade")) {
            QuadStore.upgrade(dir, n -> say("rewritten " + n));
            say("upgraded");
            return;
        }
        try (QuadStore store = QuadStore.open(dir, StoreOptions.defaults().withSyncCommits(true))) {
            switch (args[0]) {
                case "commits" -> commitLoop(store, Long.parseLong(args[2]), deadline);
                case "drop" -> {
                    long bulk = Long.parseLong(args[2]);
                    bulkLoad(store, 1, bulk);
                    for (long i = bulk + 1; i <= bulk + Long.parseLong(args[3]); i++) {
                        commit(store, i);
                    }
                    store.dropAll();
                    say("dropped");
                    commitLoop(store, AFTER_DROP, deadline);
                }
                case "bulk-abort" -> {
                    try (BulkSession session = store.beginBulk()) {
                        SequenceData.buildFiles(session, Long.parseLong(args[2]),
                                Long.parseLong(args[2]) + Long.parseLong(args[3]));
                        say("files-ready");
                        waitForKill(deadline);
                    }
                }
                case "bulk-commit" -> {
                    bulkLoad(store, Long.parseLong(args[2]), Long.parseLong(args[3]));
                    say("ingested");
                    waitForKill(deadline);
                }
                default -> throw new IllegalArgumentException("unknown mode " + args[0]);
            }
        }
    }

    private static void commitLoop(QuadStore store, long first, long deadline) {
        for (long i = first; System.currentTimeMillis() < deadline; i++) {
            commit(store, i);
            say("committed " + i);
        }
    }

    private static void commit(QuadStore store, long i) {
        try (WriteTransaction txn = store.beginWrite()) {
            for (Node[] q : SequenceData.quads(i)) {
                txn.add(q[0], q[1], q[2], q[3]);
            }
            txn.commit();
        }
    }

    private static void bulkLoad(QuadStore store, long first, long count) {
        try (BulkSession session = store.beginBulk()) {
            List<Path> files = SequenceData.buildFiles(session, first, first + count);
            session.commit(files);
        }
    }

    private static void say(String line) {
        System.out.println(line);
        System.out.flush();
    }

    private static void waitForKill(long deadline) throws InterruptedException {
        while (System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
    }
}
