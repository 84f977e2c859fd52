package dev.quarry.e2e.conformance;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the W3C suites are: the {@code quarry.conformance.dir} system property (set by the build). */
public final class Conformance {
    private Conformance() {}

    public static Path dir() {
        String p = System.getProperty("quarry.conformance.dir", "../shared/conformance");
        return Path.of(p).toAbsolutePath().normalize();
    }

    /**
     * A manifest under the conformance directory. A missing suite fails the build (a green
     * build must mean the suites ran), unless {@code -Dquarry.conformance.optional=true}.
     */
    public static Path manifest(String relative) {
        Path m = dir().resolve(relative);
        if (Boolean.getBoolean("quarry.conformance.optional")) {
            assumeTrue(Files.isRegularFile(m), "W3C suite not found: " + m);
        } else if (!Files.isRegularFile(m)) {
            fail("W3C suite not found: " + m + " (expected ../shared/conformance beside the checkout;"
                    + " set -Dquarry.conformance.dir=DIR, or -Dquarry.conformance.optional=true to skip)");
        }
        return m;
    }
}
