package dev.quarry.loader.prebuilt;

import dev.quarry.store.BulkSession;
import dev.quarry.store.QuadStore;
import dev.quarry.store.ReadView;
import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.rocks.KvIterator;
import dev.quarry.store.rocks.KvReader;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.function.ObjIntConsumer;
import java.util.function.ObjLongConsumer;

/**
 * A store's dictionary as a build needs it (written by {@code quarry export-dictionary}, read by
 * {@code quarry-spark build --dictionary}): known terms keep their ids, new ones are numbered
 * from the store's next sequence on. Directory layout:
 * <ul>
 * <li>{@code dictionary.properties}: the store's next sequence, next prefix id and term count
 *     (its STAT total) at export: the fingerprint the ingest checks the store against;
 * <li>{@code terms-NNNNN.bin}: records of (int length, term bytes as in ID2TERM, long id), in id order, in
 *     files of at most {@link #TERMS_PER_FILE} so a cluster reads them in parallel;
 * <li>{@code prefixes.bin}: records of (int prefix id, int length, namespace UTF-8).
 * </ul>
 *
 * @param nextSequence the store's next dictionary sequence
 * @param nextPrefix   the store's next prefix id
 * @param terms        the store's dictionary term count
 */
public record DictionarySnapshot(long nextSequence, int nextPrefix, long terms) {
    public static final String PROPERTIES = "dictionary.properties";
    public static final String PREFIXES = "prefixes.bin";
    public static final String TERMS_GLOB = "terms-*.bin";
    static final int TERMS_PER_FILE = 1 << 20;
    /** The dictionary of a new store: what a build without a snapshot is numbered against. */
    public static final DictionarySnapshot NEW_STORE = new DictionarySnapshot(1, 1, 0);

    /** The state of {@code store}'s dictionary now; call with the writer lock held, so it cannot change meanwhile. */
    static DictionarySnapshot of(QuadStore store, KvReader kv) {
        byte[] terms = kv.get(KeyLayout.statKey(KeyLayout.STAT_TOTAL, KeyLayout.TOTAL_TERMS));
        return new DictionarySnapshot(store.dictionary().nextSequence(), store.prefixes().size() + 1,
                terms == null ? 0 : KeyLayout.getLong(terms, 0));
    }

    /**
     * Writes {@code store}'s dictionary to the new directory {@code out}, holding the writer lock
     * meanwhile (loads and updates wait). Returns the snapshot's fingerprint.
     */
    public static DictionarySnapshot export(QuadStore store, Path out) throws IOException {
        if (Files.exists(out) && (!Files.isDirectory(out) || !isEmpty(out))) {
            throw new PrebuiltException(out + " exists and is not an empty directory: give a new one");
        }
        Files.createDirectories(out);
        try (BulkSession lock = store.beginBulk(); ReadView view = store.newReadView()) {
            KvReader kv = view.kvReader();
            DictionarySnapshot snap = of(store, kv);
            try (DataOutputStream p = data(Files.newOutputStream(out.resolve(PREFIXES)));
                 KvIterator it = kv.scan(new byte[] {KeyLayout.TAG_PREFIX_BY_ID})) {
                while (it.next()) {
                    byte[] ns = it.value();
                    p.writeInt(KeyLayout.getInt(it.key(), 1));
                    p.writeInt(ns.length);
                    p.write(ns);
                }
            }
            try (KvIterator it = kv.scan(new byte[] {KeyLayout.TAG_ID2TERM})) {
                int file = 0;
                boolean more = it.next();
                do {
                    try (DataOutputStream t = data(Files.newOutputStream(out.resolve(String.format("terms-%05d.bin", file++))))) {
                        for (int n = 0; more && n < TERMS_PER_FILE; n++, more = it.next()) {
                            byte[] term = it.value();
                            t.writeInt(term.length);
                            t.write(term);
                            t.writeLong(KeyLayout.getLong(it.key(), 1));
                        }
                    }
                } while (more);
            }
            Properties props = new Properties();
            props.setProperty("snapshot-format", "1");
            props.setProperty("next-sequence", Long.toString(snap.nextSequence));
            props.setProperty("next-prefix", Integer.toString(snap.nextPrefix));
            props.setProperty("terms", Long.toString(snap.terms));
            try (OutputStream o = Files.newOutputStream(out.resolve(PROPERTIES))) {
                props.store(o, "Quarry dictionary snapshot of " + store.directory());
            }
            return snap;
        }
    }

    private static boolean isEmpty(Path dir) throws IOException {
        try (var s = Files.list(dir)) {
            return s.findAny().isEmpty();
        }
    }

    private static DataOutputStream data(OutputStream o) {
        return new DataOutputStream(new BufferedOutputStream(o, 1 << 16));
    }

    /** Reads {@code dictionary.properties}; {@code where} names it in errors. */
    public static DictionarySnapshot read(InputStream in, String where) {
        Properties p = new Properties();
        try {
            p.load(in);
            if (!"1".equals(p.getProperty("snapshot-format"))) {
                throw new PrebuiltException(where + ": not a Quarry dictionary snapshot of format 1 (export it again)");
            }
            return new DictionarySnapshot(Long.parseLong(p.getProperty("next-sequence")),
                    Integer.parseInt(p.getProperty("next-prefix")), Long.parseLong(p.getProperty("terms")));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + where + ": " + e.getMessage(), e);
        } catch (NumberFormatException e) {
            throw new PrebuiltException(where + ": damaged dictionary snapshot (" + e.getMessage() + ")");
        }
    }

    /** Calls {@code visitor} with each (term bytes, id) of a {@code terms-NNNNN.bin} stream. */
    public static void readTerms(InputStream in, ObjLongConsumer<byte[]> visitor) throws IOException {
        forEachRecord(in, (len, d) -> {
            byte[] term = new byte[len];
            d.readFully(term);
            visitor.accept(term, d.readLong());
        });
    }

    /** Calls {@code visitor} with each (namespace UTF-8, prefix id) of the {@code prefixes.bin} stream. */
    public static void readPrefixes(InputStream in, ObjIntConsumer<byte[]> visitor) throws IOException {
        forEachRecord(in, (id, d) -> {
            byte[] ns = new byte[d.readInt()];
            d.readFully(ns);
            visitor.accept(ns, id);
        });
    }

    /** The rest of a record, after its first int. */
    private interface RecordReader {
        void read(int first, DataInputStream in) throws IOException;
    }

    private static void forEachRecord(InputStream in, RecordReader reader) throws IOException {
        DataInputStream d = new DataInputStream(in);
        while (true) {
            int first;
            try {
                first = d.readInt();
            } catch (EOFException end) {
                return;
            }
            reader.read(first, d);
        }
    }
}
