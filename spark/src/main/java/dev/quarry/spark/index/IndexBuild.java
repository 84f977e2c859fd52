package dev.quarry.spark.index;

import dev.quarry.loader.prebuilt.BuildManifest;
import dev.quarry.loader.prebuilt.BuildStats;
import dev.quarry.spark.dict.Key;
import dev.quarry.spark.output.OutputDir;
import dev.quarry.spark.output.SstOutput;
import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.Permutation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import scala.Tuple2;

/**
 * One index: its keys ({@link Permutation#writtenFor} decides which quads it holds), sorted by a
 * range-partitioned shuffle, one SST file per partition with duplicates dropped. The SPOG
 * partitions count quads per (graph, predicate) and distinct (s, p) pairs, the POSG ones distinct
 * (p, o) pairs: the statistics the loader's merge counts for a load into an empty store.
 */
public final class IndexBuild {
    private static final byte[] EMPTY = new byte[0];
    private static final int SAMPLE_PER_PARTITION = 200;

    /** What one partition wrote. */
    public record Part(BuildManifest.FileEntry file, BuildStats stats, long distinct) implements java.io.Serializable {}

    private IndexBuild() {}

    /**
     * Sorts and writes {@code perm}'s keys of {@code quads} (arrays of 4 ids a quad, final ids).
     *
     * @param quadCount about how many quads (for the sample's size)
     */
    public static List<Part> build(JavaRDD<long[]> quads, Permutation perm, long quadCount, int partitions, OutputDir out) {
        JavaPairRDD<Key, Boolean> keys = quads.flatMapToPair(q -> keysOf(q, perm));
        double fraction = Math.min(1.0, (double) SAMPLE_PER_PARTITION * partitions / Math.max(1, quadCount));
        List<Key> sample = keys.keys().sample(false, fraction, 42).collect();
        KeyRangePartitioner ranges = KeyRangePartitioner.fromSample(sample, partitions);
        String kind = perm.name().toLowerCase(Locale.ROOT);
        return keys.repartitionAndSortWithinPartitions(ranges)
                .mapPartitionsWithIndex((i, it) -> write(it, perm, out, kind, i), false)
                .collect();
    }

    private static Iterator<Tuple2<Key, Boolean>> keysOf(long[] q, Permutation perm) {
        List<Tuple2<Key, Boolean>> out = new ArrayList<>(q.length / 4);
        long[] quad = new long[4];
        for (int i = 0; i < q.length; i += 4) {
            if (perm.holds(q[i + 3])) {
                System.arraycopy(q, i, quad, 0, 4);
                out.add(new Tuple2<>(new Key(KeyLayout.quadKey(perm, quad)), Boolean.TRUE));
            }
        }
        return out.iterator();
    }

    private static Iterator<Part> write(Iterator<Tuple2<Key, Boolean>> sorted, Permutation perm, OutputDir out, String kind,
                                        int partition) {
        if (!sorted.hasNext()) {
            return List.<Part>of().iterator();
        }
        boolean spog = perm == Permutation.SPOG;
        BuildStats stats = new BuildStats();
        long[] quad = new long[4];
        byte[] last = null;
        long distinct = 0;
        // Only SPOG is point-read for quads that may be missing: the loader writes the others without a filter.
        try (SstOutput file = new SstOutput(out, String.format("index/%s-%05d.sst", kind, partition), kind, spog)) {
            while (sorted.hasNext()) {
                byte[] key = sorted.next()._1.bytes();
                if (last != null && Arrays.equals(key, last)) {
                    continue;
                }
                distinct++;
                KeyLayout.readQuadKey(perm, key, quad);
                if (spog) {
                    stats.addQuads(quad[Permutation.G], quad[Permutation.P], 1);
                }
                if ((spog || perm == Permutation.POSG) && (last == null || !Arrays.equals(key, 1, KeyRangePartitioner.GROUP_PREFIX, last, 1, KeyRangePartitioner.GROUP_PREFIX))) {
                    if (spog) {
                        stats.addSubjects(quad[Permutation.P], 1);
                    } else {
                        stats.addObjects(quad[Permutation.P], 1);
                    }
                }
                file.add(key, EMPTY);
                last = key;
            }
            return List.of(new Part(file.finish(), stats, distinct)).iterator();
        }
    }
}
