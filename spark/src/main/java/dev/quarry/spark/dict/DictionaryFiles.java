package dev.quarry.spark.dict;

import dev.quarry.loader.prebuilt.BuildManifest;
import dev.quarry.spark.output.OutputDir;
import dev.quarry.spark.output.SstOutput;
import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.TermHash;
import dev.quarry.store.encoding.TermId;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.JavaPairRDD;
import scala.Tuple2;

/**
 * The new entries of a dictionary as files: for terms TERM2ID and ID2TERM, for namespaces
 * PREFIX_BY_NAME and PREFIX_BY_ID. {@link GlobalIds} numbers new keys in key order, so each
 * sorted partition yields both files of its range in one pass, both in key order: a term's key
 * ({@link Key#term}) starts with its hash, TERM2ID's key in store format 5.
 */
public final class DictionaryFiles {
    /** One key space: its name in the manifest, its filter, and its key and value for (key bytes, number). */
    public record Space(String kind, boolean filtered, Entry key, Entry value) implements Serializable {}

    /** A key or value of a dictionary entry. */
    @FunctionalInterface
    public interface Entry extends Serializable {
        byte[] of(byte[] key, long number);
    }

    /** TERM2ID (filtered: a load into a non-empty store looks up terms that may be missing), as the loader writes it. */
    public static final Space TERM2ID = new Space("term2id", true,
            (k, n) -> KeyLayout.term2idKey(KeyLayout.getLong(k, 0), KeyLayout.getLong(k, 8)),
            (k, n) -> KeyLayout.longBytes(TermId.dictionaryId(n)));
    /** ID2TERM (no filter: ids are read when they exist), as the loader writes it. */
    public static final Space ID2TERM = new Space("id2term", false,
            (k, n) -> KeyLayout.id2termKey(TermId.dictionaryId(n)), (k, n) -> Arrays.copyOfRange(k, TermHash.BYTES, k.length));
    /** PREFIX_BY_NAME (filtered: new namespaces are looked up). */
    public static final Space PREFIX_BY_NAME = new Space("prefix-by-name", true,
            (ns, n) -> KeyLayout.prefixByNameKey(new String(ns, StandardCharsets.UTF_8)), (ns, n) -> KeyLayout.intBytes((int) n));
    /** PREFIX_BY_ID. */
    public static final Space PREFIX_BY_ID = new Space("prefix-by-id", false,
            (ns, n) -> KeyLayout.prefixByIdKey((int) n), (ns, n) -> ns);

    private DictionaryFiles() {}

    /** Writes {@code fresh} (sorted by key and number) as one file of each space per partition. */
    public static List<BuildManifest.FileEntry> write(JavaPairRDD<Key, Long> fresh, OutputDir out, Space a, Space b) {
        return fresh.mapPartitionsWithIndex((i, it) -> writePartition(it, i, out, a, b), false).collect();
    }

    private static Iterator<BuildManifest.FileEntry> writePartition(Iterator<Tuple2<Key, Long>> it, int partition, OutputDir out,
                                                                   Space a, Space b) {
        List<BuildManifest.FileEntry> files = new ArrayList<>(2);
        if (!it.hasNext()) {
            return files.iterator();
        }
        try (SstOutput fa = new SstOutput(out, name(a, partition), a.kind(), a.filtered());
             SstOutput fb = new SstOutput(out, name(b, partition), b.kind(), b.filtered())) {
            byte[] previous = null;
            while (it.hasNext()) {
                Tuple2<Key, Long> e = it.next();
                byte[] k = e._1.bytes();
                byte[] key = a.key().of(k, e._2);
                if (Arrays.equals(previous, key)) { // two terms with one hash (TERM2ID): the store cannot keep both
                    throw new IllegalStateException("two new entries have the same " + a.kind() + " key (a 128-bit hash collision): the build cannot keep both");
                }
                previous = key;
                fa.add(key, a.value().of(k, e._2));
                fb.add(b.key().of(k, e._2), b.value().of(k, e._2));
            }
            files.add(fa.finish());
            files.add(fb.finish());
        }
        return files.iterator();
    }

    private static String name(Space s, int partition) {
        return String.format("dict/%s-%05d.sst", s.kind(), partition);
    }
}
