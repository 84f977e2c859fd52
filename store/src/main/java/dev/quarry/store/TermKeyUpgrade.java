package dev.quarry.store;

import dev.quarry.store.dict.PrefixDictionary;
import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.TermCodec;
import dev.quarry.store.encoding.TermLayout;
import dev.quarry.store.rocks.KvBatch;
import dev.quarry.store.rocks.KvIterator;
import dev.quarry.store.rocks.RocksKv;
import java.util.Arrays;
import java.util.function.LongConsumer;

/**
 * Store format 3 to 4: term bytes of IRIs that end in '#', '/' or ':'. Format 3 split such an
 * IRI after its last character (a namespace of its own, an empty local name); format 4 splits
 * it at the delimiter before ({@code TermLayout.splitPoint}). Every dictionary term that holds
 * an IRI (an IRI, a typed literal's datatype, a triple term's parts) is decoded and encoded
 * again; where the bytes differ, its TERM2ID key and its ID2TERM value are rewritten. Ids stay,
 * so the indexes and statistics are untouched. Formats 3 and 4 keyed TERM2ID by the term bytes
 * themselves ({@link #formatFourKey}); {@link TermHashUpgrade} then turns that into format 5.
 *
 * <p>Rewritten in batches, each atomic: a killed upgrade leaves whole terms, old or new, and
 * running it again rewrites the rest (a rewritten term encodes to itself).
 */
final class TermKeyUpgrade {
    /** Terms per atomic batch: bounded memory on stores with millions of such IRIs. */
    private static final int BATCH = 20_000;

    private TermKeyUpgrade() {}

    /**
     * Rewrites what differs; returns the number of terms rewritten. {@code progress} is told
     * the number rewritten so far after each batch is written.
     */
    static long run(RocksKv kv, LongConsumer progress) {
        PrefixDictionary prefixes = new PrefixDictionary(kv);
        TermCodec codec = new TermCodec(prefixes);
        long rewritten = 0;
        KvBatch batch = kv.newBatch();
        int inBatch = 0;
        try (KvIterator it = kv.scan(new byte[] {KeyLayout.TAG_TERM2ID})) {
            while (it.next()) {
                byte[] key = it.key();
                byte kind = key[1];
                if (kind != TermLayout.IRI && kind != TermLayout.TYPED && kind != TermLayout.TRIPLE) {
                    continue; // no IRI inside
                }
                byte[] old = Arrays.copyOfRange(key, 1, key.length);
                byte[] now = codec.encode(codec.decode(old), true);
                if (Arrays.equals(old, now)) {
                    continue;
                }
                byte[] id = it.value();
                batch.delete(key);
                batch.put(formatFourKey(now), id);
                batch.put(KeyLayout.id2termKey(KeyLayout.getLong(id, 0)), now);
                rewritten++;
                if (++inBatch == BATCH) {
                    commit(kv, prefixes, batch);
                    progress.accept(rewritten);
                    batch.close();
                    batch = kv.newBatch();
                    inBatch = 0;
                }
            }
            commit(kv, prefixes, batch);
            progress.accept(rewritten);
        } finally {
            batch.close();
        }
        kv.syncWal();
        return rewritten;
    }

    /** A TERM2ID key of formats 4 and before: the tag, then the term bytes. */
    static byte[] formatFourKey(byte[] termBytes) {
        byte[] k = new byte[1 + termBytes.length];
        k[0] = KeyLayout.TAG_TERM2ID;
        System.arraycopy(termBytes, 0, k, 1, termBytes.length);
        return k;
    }

    private static void commit(RocksKv kv, PrefixDictionary prefixes, KvBatch batch) {
        prefixes.writeUnwritten(); // the namespaces the new bytes name, before the terms that use them
        kv.write(batch);
    }
}
