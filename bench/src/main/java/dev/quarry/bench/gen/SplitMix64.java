package dev.quarry.bench.gen;

/**
 * The SplitMix64 generator, written out so the output cannot change with the JDK's
 * random number classes: the same seed gives the same data everywhere.
 */
final class SplitMix64 {
    private long state;

    SplitMix64(long seed) {
        this.state = seed;
    }

    long nextLong() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Uniform in {@code [0, bound)}; the tiny modulo bias does not matter for test data. */
    int nextInt(int bound) {
        return (int) Long.remainderUnsigned(nextLong(), bound);
    }

    /** Uniform in {@code [min, max]}. */
    int between(int min, int max) {
        return min + nextInt(max - min + 1);
    }

    boolean chance(int percent) {
        return nextInt(100) < percent;
    }
}
