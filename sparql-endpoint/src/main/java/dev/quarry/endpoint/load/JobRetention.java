package dev.quarry.endpoint.load;

import java.time.Duration;

/**
 * How many loader job records are kept: the most recent {@code kept} finished jobs, and
 * none submitted longer than {@code maxAge} ago. Jobs that are queued or running, and
 * jobs a queued or running job depends on, are always kept. Neptune keeps the most recent
 * 1,024 load jobs, hence the default.
 *
 * @param kept   finished jobs kept, at least 1
 * @param maxAge finished jobs submitted longer ago than this are dropped; zero = no age limit
 */
public record JobRetention(int kept, Duration maxAge) {
    public static final int DEFAULT_KEPT = 1024;

    public JobRetention {
        if (kept < 1) {
            throw new IllegalArgumentException("loader jobs kept must be at least 1, not " + kept);
        }
        if (maxAge == null || maxAge.isNegative()) {
            throw new IllegalArgumentException("loader job age limit must not be negative");
        }
    }

    public static JobRetention defaults() {
        return new JobRetention(DEFAULT_KEPT, Duration.ZERO);
    }
}
