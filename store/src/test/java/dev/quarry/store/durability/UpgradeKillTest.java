package dev.quarry.store.durability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.store.OlderFormats;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code quarry upgrade} killed with SIGKILL after its first batch: from format 3 (in the step
 * that rewrites term bytes) and from format 4 (in the step that writes TERM2ID again keyed by
 * term hashes). The store still says a format before 5, the upgrade run again finishes it, and
 * every term is found and reads back as itself.
 */
@ProcessTest
class UpgradeKillTest {
    /** Terms to rewrite from format 3: three of that step's atomic batches (20,000 terms). */
    private static final int HOMEPAGES = 60_000;
    /** Dictionary entries: the homepages, the people, the predicate. */
    private static final int TERMS = 2 * HOMEPAGES + 1;

    @TempDir
    Path tmp;

    private final long seed = Long.getLong("quarry.durability.seed", System.nanoTime());

    private static Node homepage(int i) {
        return NodeFactory.createURI("http://www.Reviewer" + i + ".com/");
    }

    private static Node person(int i) {
        return NodeFactory.createURI("http://example.org/people/" + i);
    }

    @ParameterizedTest
    @CsvSource({"3, rewritten 20000, 50", "4, rewritten 100000, 5"})
    void aKilledUpgradeRunsAgainToTheEnd(int format, String firstBatch, int killWithinMs) throws Exception {
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
        if (format == 3) {
            OlderFormats.formatThree(store, pages);
        } else {
            OlderFormats.formatFour(store);
        }

        long killAfterMs = random.nextInt(killWithinMs);
        try (ChildJvm child = ChildJvm.start(tmp.resolve("child"), List.of("-Xmx256m"), DurabilityChild.class,
                "upgrade", store.toString())) {
            assertEquals(firstBatch, child.nextLine(60));
            Thread.sleep(killAfterMs);
            child.kill();
        }
        String marker = Files.readString(store.resolve("quarry.store")).trim();
        assertNotEquals("quarry-store-format=5", marker, "the kill came after the upgrade's end: the test proves nothing");
        List<Long> told = new ArrayList<>();
        assertTrue(QuadStore.upgrade(store, told::add));
        long last = told.get(told.size() - 1);
        if (marker.equals("quarry-store-format=3")) {
            assertTrue(last - TERMS < HOMEPAGES,
                    () -> "seed " + seed + ": the second run rewrote all " + told + ", so the first had committed no batch");
        } else {
            assertEquals(TERMS, last, "step 4 to 5 starts over: every entry written again");
        }

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
