package dev.quarry.e2e.conformance;

import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicIntegerArray;

/** Pass / skip / fail counts per suite, printed as one line each when a test class ends. */
final class SuiteTally {
    private static final int PASSED = 0, SKIPPED = 1, FAILED = 2;
    private static final Map<String, AtomicIntegerArray> COUNTS = new ConcurrentSkipListMap<>();

    private SuiteTally() {}

    static void passed(String suite) {
        counts(suite).incrementAndGet(PASSED);
    }

    static void skipped(String suite) {
        counts(suite).incrementAndGet(SKIPPED);
    }

    static void failed(String suite) {
        counts(suite).incrementAndGet(FAILED);
    }

    private static AtomicIntegerArray counts(String suite) {
        return COUNTS.computeIfAbsent(suite, s -> new AtomicIntegerArray(3));
    }

    /** Prints and forgets the counts of the suites whose names start with {@code prefix}. */
    static void print(String prefix) {
        COUNTS.entrySet().removeIf(e -> {
            if (!e.getKey().startsWith(prefix)) {
                return false;
            }
            AtomicIntegerArray c = e.getValue();
            System.out.printf("conformance %-40s %4d passed %4d skipped %4d failed%n",
                    e.getKey(), c.get(PASSED), c.get(SKIPPED), c.get(FAILED));
            return true;
        });
    }
}
