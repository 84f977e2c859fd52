package dev.quarry.store.durability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.testing.ChildJvm;
import dev.quarry.testing.ProcessTest;
import dev.quarry.store.QuadCursor;
import dev.quarry.store.QuadStore;
import dev.quarry.store.ReadView;
import dev.quarry.store.StoreStats;
import dev.quarry.store.verify.StoreValidator;
import dev.quarry.store.verify.ValidationReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash safety with real processes: a child JVM ({@link DurabilityChild}) writes and
 * acknowledges on stdout, the test kills it with SIGKILL at a random point, reopens the
 * store and checks that every acknowledged write is there, that no transaction is there
 * in part, and that the validator passes.
 */
@ProcessTest
class DurabilityTest {
    private static final int SIGKILL_STATUS = 128 + 9;
    private static final long LINE_TIMEOUT_S = 60;

    @TempDir
    Path tmp;

    private final long seed = Long.getLong("quarry.durability.seed", System.nanoTime());
    private final Random random = new Random(seed);
    private int children;

    @Test
    void acknowledgedCommitsSurviveSigkill() throws Exception {
        Path store = tmp.resolve("store");
        long next = 1;
        for (int round = 0; round < 3; round++) {
            int killAfter = 1 + random.nextInt(40);
            long lastAcked;
            try (ChildJvm child = start("commits", store.toString(), Long.toString(next))) {
                lastAcked = next - 1;
                for (int n = 0; n < killAfter; n++) {
                    lastAcked = committed(child.nextLine(LINE_TIMEOUT_S));
                }
                assertEquals(SIGKILL_STATUS, child.kill(), "destroyForcibly() is not SIGKILL here");
                for (String line : child.remainingLines()) {
                    lastAcked = committed(line);
                }
            }
            next = checkSequences(store, 1, next - 1, lastAcked) + 1;
        }
    }

    @Test
    void dropAllSurvivesSigkill() throws Exception {
        for (int round = 0; round < 2; round++) {
            Path store = tmp.resolve("store-" + round);
            int killAfter = random.nextInt(5); // 0: killed while space is reclaimed after the drop
            long lastAcked = DurabilityChild.AFTER_DROP - 1;
            try (ChildJvm child = start("drop", store.toString(), "2000", "20")) {
                assertEquals("dropped", child.nextLine(LINE_TIMEOUT_S));
                for (int n = 0; n < killAfter; n++) {
                    lastAcked = committed(child.nextLine(LINE_TIMEOUT_S));
                }
                assertEquals(SIGKILL_STATUS, child.kill());
                for (String line : child.remainingLines()) {
                    lastAcked = committed(line);
                }
            }
            long present = checkSequences(store, DurabilityChild.AFTER_DROP, DurabilityChild.AFTER_DROP - 1, lastAcked);
            try (QuadStore s = QuadStore.open(store)) {
                assertEquals((present - DurabilityChild.AFTER_DROP + 1) * SequenceData.QUADS_PER_SEQ, s.stats().quads());
            }
        }
    }

    @Test
    void bulkLoadKilledBeforeCommitLeavesStoreAsItWas() throws Exception {
        Path store = tmp.resolve("store");
        bulkCommitAndKill(store, 1, 500);
        List<String> before = allQuads(store);
        StoreStats statsBefore = stats(store);
        try (ChildJvm child = start("bulk-abort", store.toString(), "501", "2000")) {
            assertEquals("files-ready", child.nextLine(LINE_TIMEOUT_S));
            assertEquals(SIGKILL_STATUS, child.kill());
        }
        assertTrue(hasFiles(store.resolve("tmp")), "the killed load left no scratch files: the test proves nothing");
        assertEquals(before, allQuads(store));
        assertEquals(statsBefore, stats(store));
        assertFalse(hasFiles(store.resolve("tmp")), "scratch files not removed on open");
        checkSequences(store, 1, 500, 500);
    }

    @Test
    void bulkLoadKilledRightAfterCommitIsWhole() throws Exception {
        Path store = tmp.resolve("store");
        bulkCommitAndKill(store, 1, 300);
        bulkCommitAndKill(store, 301, 3000);
        checkSequences(store, 1, 3300, 3300);
    }

    // ------------------------------------------------------------------ helpers

    private ChildJvm start(String... args) throws IOException {
        return ChildJvm.start(tmp.resolve("child-" + (++children)), List.of("-Xmx256m"), DurabilityChild.class, args);
    }

    private void bulkCommitAndKill(Path store, long first, long count) throws Exception {
        try (ChildJvm child = start("bulk-commit", store.toString(), Long.toString(first), Long.toString(count))) {
            assertEquals("ingested", child.nextLine(LINE_TIMEOUT_S));
            assertEquals(SIGKILL_STATUS, child.kill());
        }
    }

    private static long committed(String line) {
        assertTrue(line.startsWith("committed "), () -> "unexpected child output: " + line);
        return Long.parseLong(line.substring("committed ".length()));
    }

    /**
     * Reopens the store and checks it holds exactly the sequence numbers {@code first ..
     * present} whole, where {@code present} is {@code lastAcked} or {@code lastAcked + 1}
     * (a commit that returned just before the kill but was not printed), and at least
     * {@code mustHave}. Returns {@code present}.
     */
    private long checkSequences(Path dir, long first, long mustHave, long lastAcked) {
        try (QuadStore store = QuadStore.open(dir)) {
            ValidationReport report = StoreValidator.validate(store);
            assertTrue(report.ok(), () -> "seed " + seed + ": " + report.problems());
            Map<Long, Integer> perSeq;
            try (ReadView view = store.newReadView()) {
                perSeq = SequenceData.quadsPerSequence(view);
            }
            long present = first - 1;
            for (Map.Entry<Long, Integer> e : perSeq.entrySet()) {
                long seq = e.getKey();
                assertEquals(SequenceData.QUADS_PER_SEQ, e.getValue(), () -> "seed " + seed + ": transaction " + seq + " is there in part");
                assertEquals(present + 1, seq, () -> "seed " + seed + ": unexpected sequence number " + seq + " after " + perSeqMax(perSeq));
                present = seq;
            }
            long p = present;
            assertTrue(p >= Math.max(mustHave, lastAcked), () -> "seed " + seed + ": acknowledged up to " + lastAcked + ", store has up to " + p);
            assertTrue(p <= lastAcked + 1, () -> "seed " + seed + ": store has " + p + " but only " + lastAcked + " were started");
            assertEquals(p - first + 1, report.quads() / SequenceData.QUADS_PER_SEQ);
            return p;
        }
    }

    private static Object perSeqMax(Map<Long, Integer> perSeq) {
        return perSeq.keySet().stream().max(Long::compare).orElse(null);
    }

    private static List<String> allQuads(Path dir) {
        List<String> out = new ArrayList<>();
        try (QuadStore store = QuadStore.open(dir); ReadView view = store.newReadView(); QuadCursor c = view.find(0, 0, 0, 0)) {
            while (c.next()) {
                out.add(c.s() + " " + c.p() + " " + c.o() + " " + c.g());
            }
        }
        return out;
    }

    private static StoreStats stats(Path dir) {
        try (QuadStore store = QuadStore.open(dir)) {
            return store.stats();
        }
    }

    private static boolean hasFiles(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (var walk = Files.walk(dir)) {
            return walk.anyMatch(Files::isRegularFile);
        }
    }
}
