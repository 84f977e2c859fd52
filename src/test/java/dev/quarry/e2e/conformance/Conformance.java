package dev.quarry.e2e.conformance;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the W3C suites are: the {@code quarry.conformance.dir} system property (set by the build). */
final class Conformance {
    private Conformance() {}

    static Path dir() {
        String p = System.getProperty("quarry.conformance.dir", "../shared/conformance");
        return Path.of(p).toAbsolutePath().normalize();
    }

    /** A manifest under the conformance directory; the suite is skipped (not failed) when it is absent. */
    static Path manifest(String relative) {
        Path m = dir().resolve(relative);
        assumeTrue(Files.isRegularFile(m), "W3C suite not found: " + m + " (set -Dquarry.conformance.dir)");
        return m;
    }
}
