package dev.quarry.store.durability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.store.FormatThreeTerms;
import dev.quarry.store.QuadStore;
import dev.quarry.store.ReadView;
import dev.quarry.store.WriteTransaction;
import dev.quarry.store.verify.StoreValidator;
import dev.quarry.store.verify.ValidationReport;
import dev.quarry.testing.ChildJvm;
import dev.quarry.testing.ProcessTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code quarry upgrade} from format 3 killed with SIGKILL after its first batch of rewritten
 * terms: the store still says format 3, the upgrade run again finishes it, and every term is
 * found under its format-4 bytes and reads back as itself.
 */
@ProcessTest
class UpgradeKillTest {
    /** Terms to rewrite: three of the upgrade's atomic batches. */
    private static final int HOMEPAGES = 60_000;

    @TempDir
    Path tmp;

    private final long seed = Long.getLong("quarry.durability.seed", System.nanoTime());

    private static Node homepage(int i) {
        return NodeFactory.createURI("http://www.Reviewer" + i + ".com/");
    }

    private static Node person(int i) {
        return NodeFactory.createURI("http://example.org/people/" + i);
    }

    @Test
    void aKilledUpgradeRunsAgainToTheEnd() throws Exception {
        Random random = new Random(seed);
        Path store = tmp.resolve("store");
        Node page = NodeFactory.createURI("http://xmlns.com/foaf/0.1/homepage");
        List<Node> pages = new ArrayList<>();
        try (QuadStore s = QuadStore.open(store); WriteTransaction w = s.beginWrite()) {
            for (int i = 0; i < HOMEPAGES; i++) {
                w.add(null, person(i), page, homepage(i));
                pages.add(homepage(i));
            }
            w.commit();
        }
        FormatThreeTerms.rewrite(store, pages);

        long killAfterMs = random.nextInt(50);
        try (ChildJvm child = ChildJvm.start(tmp.resolve("child"), List.of("-Xmx256m"), DurabilityChild.class,
                "upgrade", store.toString())) {
            assertEquals("rewritten 20000", child.nextLine(60));
            Thread.sleep(killAfterMs);
            child.kill();
        }
        assertEquals("quarry-store-format=3", Files.readString(store.resolve("quarry.store")).trim(),
                "the kill came after the upgrade's end: the test proves nothing");
        List<Long> told = new ArrayList<>();
        assertTrue(QuadStore.upgrade(store, told::add));
        assertTrue(told.get(told.size() - 1) < HOMEPAGES,
                () -> "seed " + seed + ": the second run rewrote all " + told + ", so the first had committed no batch");

        try (QuadStore s = QuadStore.open(store)) {
            ValidationReport report = StoreValidator.validate(s);
            assertTrue(report.ok(), () -> "seed " + seed + ", killed after " + killAfterMs + " ms: " + report.problems());
            assertEquals(HOMEPAGES, report.quads());
            try (ReadView v = s.newReadView()) {
                for (int i = 0; i < HOMEPAGES; i++) {
                    long id = v.lookup(homepage(i));
                    int n = i;
                    assertTrue(id > 0, () -> "seed " + seed + ", killed after " + killAfterMs + " ms: " + homepage(n) + " not found");
                    assertEquals(homepage(i), v.decode(id));
                }
            }
        }
    }
}
