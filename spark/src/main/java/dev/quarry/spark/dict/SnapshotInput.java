package dev.quarry.spark.dict;

import dev.quarry.loader.prebuilt.DictionarySnapshot;
import dev.quarry.store.encoding.TermId;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.input.PortableDataStream;
import scala.Tuple2;

/** A store's dictionary export ({@code quarry export-dictionary}) read by the build: one task per terms file. */
public final class SnapshotInput {
    private final JavaSparkContext sc;
    private final String dir;

    public SnapshotInput(JavaSparkContext sc, String dir) {
        this.sc = sc;
        this.dir = dir;
    }

    /** The store's next sequence, next prefix id and term count at export. */
    public DictionarySnapshot fingerprint(Configuration conf) {
        Path p = new Path(dir, DictionarySnapshot.PROPERTIES);
        try (InputStream in = p.getFileSystem(conf).open(p)) {
            return DictionarySnapshot.read(in, p.toString());
        } catch (java.io.FileNotFoundException e) {
            throw new IllegalArgumentException("--dictionary " + dir + ": no " + DictionarySnapshot.PROPERTIES
                    + " (not a dictionary export: run 'quarry export-dictionary --store DIR OUT_DIR')");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + p + ": " + e.getMessage(), e);
        }
    }

    /** Known terms: {@link Key#term} → sequence number. */
    public JavaPairRDD<Key, Long> terms() {
        return sc.binaryFiles(dir + "/" + DictionarySnapshot.TERMS_GLOB).flatMapToPair(f -> {
            List<Tuple2<Key, Long>> out = new ArrayList<>();
            read(f._2, in -> DictionarySnapshot.readTerms(in, (t, id) -> out.add(new Tuple2<>(Key.term(t), TermId.sequence(id)))));
            return out.iterator();
        });
    }

    /** Known namespaces: UTF-8 → prefix id. */
    public JavaPairRDD<Key, Long> prefixes() {
        return sc.binaryFiles(dir + "/" + DictionarySnapshot.PREFIXES).flatMapToPair(f -> {
            List<Tuple2<Key, Long>> out = new ArrayList<>();
            read(f._2, in -> DictionarySnapshot.readPrefixes(in, (ns, id) -> out.add(new Tuple2<>(new Key(ns), (long) id))));
            return out.iterator();
        });
    }

    private interface Reader {
        void read(InputStream in) throws IOException;
    }

    private static void read(PortableDataStream file, Reader reader) throws IOException {
        try (InputStream in = new java.io.BufferedInputStream(file.open(), 1 << 16)) {
            reader.read(in);
        }
    }
}
