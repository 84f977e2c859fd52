package dev.quarry.e2e.conformance;

import dev.quarry.testing.w3c.ManifestEntry;
import static org.junit.jupiter.api.Assertions.fail;

import java.net.URI;
import java.util.List;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.function.Executable;

/**
 * Turns manifest entries into dynamic tests that honour the {@link SkipList}: a
 * skipped entry still runs; if it passes, the test fails so the list gets trimmed,
 * otherwise it is reported as aborted with the reason.
 */
final class EntryTests {
    private EntryTests() {}

    static Stream<DynamicTest> of(String suite, List<ManifestEntry> entries, Function<ManifestEntry, Executable> body) {
        return of(suite, entries, SkipList::reason, body);
    }

    /** As {@link #of(String, List, Function)}, with another skip list: test id -> reason, or null. */
    static Stream<DynamicTest> of(String suite, List<ManifestEntry> entries, UnaryOperator<String> skips,
                                  Function<ManifestEntry, Executable> body) {
        return entries.stream().map(e -> DynamicTest.dynamicTest(
                e.name() + " [" + e.id(Conformance.dir()) + "]", URI.create(e.node().isURIResource() ? e.node().getURI() : e.manifest().toUri().toString()),
                () -> run(suite, e, skips.apply(e.id(Conformance.dir())), body.apply(e))));
    }

    private static void run(String suite, ManifestEntry e, String reason, Executable body) throws Throwable {
        if (reason == null) {
            try {
                body.execute();
            } catch (Throwable t) {
                SuiteTally.failed(suite);
                throw t;
            }
            SuiteTally.passed(suite);
            return;
        }
        boolean passes;
        try {
            body.execute();
            passes = true;
        } catch (Throwable t) {
            passes = false;
        }
        if (passes) {
            SuiteTally.failed(suite);
            fail("skip-listed test passes now; remove it from the skip list: " + e.id(Conformance.dir()) + " (" + reason + ")");
        }
        SuiteTally.skipped(suite);
        Assumptions.abort("skipped: " + reason);
    }
}
