package dev.quarry.spark.dict;

import org.apache.spark.Partitioner;

/** Puts split {@code n}'s records into partition {@code n}, so they line up with the split's own partition in {@code zipPartitions}. */
public final class SplitPartitioner extends Partitioner {
    private static final long serialVersionUID = 1L;
    private final int splits;

    public SplitPartitioner(int splits) {
        this.splits = splits;
    }

    @Override
    public int numPartitions() {
        return splits;
    }

    @Override
    public int getPartition(Object key) {
        return (Integer) key;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SplitPartitioner p && p.splits == splits;
    }

    @Override
    public int hashCode() {
        return splits;
    }
}
