package dev.quarry.e2e.conformance;

/**
 * Skips for the suites run through the HTTP endpoint: the in-process {@link SkipList}
 * (the server runs the same ARQ on the same store, so those failures recur). Differences
 * that only the protocol brings would be added here, each with its reason; there are none
 * today. A listed test that passes fails the build, as in-process.
 */
final class HttpSkipList {
    private HttpSkipList() {}

    static String reason(String testId) {
        return SkipList.reason(testId);
    }
}
