package dev.quarry.spark.dict;

import java.util.Iterator;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * Turns split-local numbers into global, sequential ones (for terms and for namespaces alike).
 * The distinct keys the store does not know are sorted and numbered from {@code base} on
 * ({@code zipWithIndex} over the sorted keys): sequential ids, as the store's format wants
 * (hashing 56-bit ids would collide around 2^28 terms), deterministic (a recomputed partition
 * gets the same ids), and in key order, so the new entries' two dictionary files are each
 * written in one pass over the sorted partitions. Known keys keep the store's numbers.
 *
 * @param fresh the new keys with their numbers, sorted by key (and so by number), range-partitioned
 * @param maps  per split (the key), its local number {@code n} → global number at index {@code n - 1}
 */
public record GlobalIds(JavaPairRDD<Key, Long> fresh, JavaPairRDD<Integer, long[]> maps) {

    /** An occurrence's value: the split in the high 32 bits, its local number (from 1) in the low ones. */
    public static long occurrence(int split, int local) {
        return ((long) split << 32) | local;
    }

    /**
     * @param occurrences each split's keys with {@link #occurrence}s (a key at most once per split)
     * @param known       the store's keys and numbers (from its dictionary export), or null for a new store
     * @param base        the first new number
     * @param splits      how many splits (the maps' partitions)
     * @param partitions  partitions of the shuffles
     */
    public static GlobalIds assign(JavaPairRDD<Key, Long> occurrences, JavaPairRDD<Key, Long> known, long base,
                                   int splits, int partitions) {
        JavaRDD<Key> distinct = occurrences.keys().distinct(partitions);
        JavaRDD<Key> unknown = known == null ? distinct : distinct.subtract(known.keys(), partitions);
        JavaPairRDD<Key, Long> fresh = unknown.sortBy(k -> k, true, partitions).zipWithIndex()
                .mapToPair(t -> new Tuple2<>(t._1, base + t._2))
                .persist(StorageLevel.MEMORY_AND_DISK_SER());
        JavaPairRDD<Key, Long> all = known == null ? fresh : fresh.union(known);
        JavaPairRDD<Integer, long[]> maps = occurrences.join(all, partitions)
                .mapToPair(t -> new Tuple2<>((int) (t._2._1 >>> 32), new long[] {(int) (long) t._2._1, t._2._2}))
                .groupByKey(new SplitPartitioner(splits))
                .mapValues(GlobalIds::toArray);
        return new GlobalIds(fresh, maps);
    }

    private static long[] toArray(Iterable<long[]> pairs) {
        int max = 0;
        for (long[] p : pairs) {
            max = Math.max(max, (int) p[0]);
        }
        long[] map = new long[max];
        for (long[] p : pairs) {
            map[(int) p[0] - 1] = p[1];
        }
        return map;
    }

    /** The map of the split whose partition this is (an empty one if the split has no keys). */
    public static long[] mapOf(Iterator<Tuple2<Integer, long[]>> partition) {
        return partition.hasNext() ? partition.next()._2 : new long[0];
    }

    /** Counts the fresh keys (one small job). */
    public long freshCount() {
        return fresh.count();
    }

}
