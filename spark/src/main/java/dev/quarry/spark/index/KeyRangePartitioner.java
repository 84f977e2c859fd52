package dev.quarry.spark.index;

import dev.quarry.spark.dict.Key;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.Partitioner;

/**
 * Range partitions of one index's keys: partition i holds the keys from bound i-1 (inclusive)
 * to bound i (exclusive). Bounds end in two zero slots (as the loader's {@code KeyRangePlanner}
 * cuts), so no (k0, k1) group straddles two partitions and the partitions' counts of distinct
 * (s, p) and (p, o) pairs add up exactly.
 */
final class KeyRangePartitioner extends Partitioner {
    private static final long serialVersionUID = 1L;
    /** Tag plus the first two 8-byte slots of a quad key. */
    static final int GROUP_PREFIX = 1 + 2 * Long.BYTES;
    private final byte[][] bounds;

    private KeyRangePartitioner(byte[][] bounds) {
        this.bounds = bounds;
    }

    /** Bounds from a sample of the keys, for up to {@code partitions} partitions. */
    static KeyRangePartitioner fromSample(List<Key> sample, int partitions) {
        byte[][] sorted = sample.stream().map(Key::bytes).sorted(Arrays::compareUnsigned).toArray(byte[][]::new);
        byte[][] bounds = new byte[Math.max(0, partitions - 1)][];
        int n = 0;
        for (int i = 1; i < partitions && sorted.length > 0; i++) {
            byte[] b = Arrays.copyOf(Arrays.copyOf(sorted[(int) ((long) i * sorted.length / partitions)], GROUP_PREFIX),
                    sorted[0].length);
            if (n == 0 || Arrays.compareUnsigned(b, bounds[n - 1]) > 0) {
                bounds[n++] = b;
            }
        }
        return new KeyRangePartitioner(Arrays.copyOf(bounds, n));
    }

    @Override
    public int numPartitions() {
        return bounds.length + 1;
    }

    @Override
    public int getPartition(Object key) {
        byte[] k = ((Key) key).bytes();
        int lo = 0, hi = bounds.length; // the number of bounds <= k
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (Arrays.compareUnsigned(bounds[mid], k) <= 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
