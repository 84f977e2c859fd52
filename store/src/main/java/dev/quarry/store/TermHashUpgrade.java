package dev.quarry.store;

import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.rocks.KvBatch;
import dev.quarry.store.rocks.KvIterator;
import dev.quarry.store.rocks.RocksKv;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Store format 4 to 5: TERM2ID keyed by the {@code TermHash} of the term bytes instead of the
 * bytes themselves. TERM2ID is dropped whole and written again from ID2TERM, which stays as it
 * is (as do ids, indexes and statistics).
 *
 * <p>Written in atomic batches after one atomic range delete. A killed upgrade leaves the store
 * marked format 4 with part of the new TERM2ID, which no build opens; running it again starts
 * over from the range delete.
 */
final class TermHashUpgrade {
    /** Entries per atomic batch: bounded memory whatever the dictionary's size. */
    private static final int BATCH = 100_000;

    private TermHashUpgrade() {}

    /**
     * Rewrites TERM2ID; returns the number of entries written. {@code progress} is told
     * {@code before} plus the number written so far after each batch.
     */
    static long run(RocksKv kv, long before, LongConsumer progress) {
        List<byte[][]> term2id = List.<byte[][]>of(new byte[][] {{KeyLayout.TAG_TERM2ID}, {KeyLayout.TAG_TERM2ID + 1}});
        kv.deleteRanges(term2id, List.of());
        kv.deleteFilesUnder(term2id);
        long written = 0;
        KvBatch batch = kv.newBatch();
        int inBatch = 0;
        try (KvIterator it = kv.scan(new byte[] {KeyLayout.TAG_ID2TERM})) {
            while (it.next()) {
                byte[] key = it.key();
                batch.put(KeyLayout.term2idKey(it.value()), KeyLayout.longBytes(KeyLayout.getLong(key, 1)));
                written++;
                if (++inBatch == BATCH) {
                    kv.write(batch);
                    progress.accept(before + written);
                    batch.close();
                    batch = kv.newBatch();
                    inBatch = 0;
                }
            }
            kv.write(batch);
            progress.accept(before + written);
        } finally {
            batch.close();
        }
        kv.syncWal();
        kv.reclaim(term2id); // the old keys' space
        return written;
    }
}
