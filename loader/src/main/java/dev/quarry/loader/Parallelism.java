package dev.quarry.loader;

/** Neptune's parallelism levels: how many worker threads a load uses. */
public enum Parallelism {
    LOW, MEDIUM, HIGH, OVERSUBSCRIBE;

    /** cores/8, cores/2, cores, cores*2; at least 1. */
    public int threads(int cores) {
        int n = switch (this) {
            case LOW -> cores / 8;
            case MEDIUM -> cores / 2;
            case HIGH -> cores;
            case OVERSUBSCRIBE -> cores * 2;
        };
        return Math.max(1, n);
    }
}
