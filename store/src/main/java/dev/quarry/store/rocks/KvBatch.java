package dev.quarry.store.rocks;

import java.util.List;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;
import org.rocksdb.WBWIRocksIterator;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteBatchWithIndex;

/**
 * The pending writes of one write transaction. Reads through it see the
 * transaction's own writes over the latest committed state, which is stable
 * because there is only one writer at a time.
 *
 * <p>After {@link #dropRanges}, reads under those ranges see only this batch's later
 * writes, and the commit writes the range tombstones first, in the same atomic write.
 */
public final class KvBatch implements KvReader, AutoCloseable {
    private final RocksDB db;
    private WriteBatchWithIndex batch = new WriteBatchWithIndex(true);
    private final ReadOptions readOptions = new ReadOptions();
    private List<byte[][]> droppedRanges = List.of();

    KvBatch(RocksDB db) {
        this.db = db;
    }

    public void put(byte[] key, byte[] value) {
        try {
            batch.put(key, value);
        } catch (RocksDBException e) {
            throw RocksKv.fail("write failed", e);
        }
    }

    public void delete(byte[] key) {
        try {
            batch.delete(key);
        } catch (RocksDBException e) {
            throw RocksKv.fail("write failed", e);
        }
    }

    @Override
    public byte[] get(byte[] key) {
        try {
            if (!droppedRanges.isEmpty() && inDropped(key)) {
                return batch.getFromBatch(readOptionsForBatch(), key);
            }
            return batch.getFromBatchAndDB(db, readOptions, key);
        } catch (RocksDBException e) {
            throw RocksKv.fail("read failed", e);
        }
    }

    private org.rocksdb.DBOptions dbOptionsForBatch;

    private org.rocksdb.DBOptions readOptionsForBatch() {
        if (dbOptionsForBatch == null) {
            dbOptionsForBatch = new org.rocksdb.DBOptions();
        }
        return dbOptionsForBatch;
    }

    /** Iterates keys with {@code prefix}, this batch's writes over the committed state. */
    @Override
    public KvIterator scan(byte[] prefix) {
        ReadOptions ro = new ReadOptions();
        if (!droppedRanges.isEmpty() && inDropped(prefix)) {
            // An always-empty base: upper bound below every key we use.
            ro.setIterateUpperBound(EMPTY_BOUND);
        }
        RocksIterator base = db.newIterator(ro);
        RocksIterator merged = batch.newIteratorWithBase(base);
        return KvIterator.wrap(merged, ro, base, prefix);
    }

    /** A scan per prefix: which base a prefix reads depends on the dropped ranges. */
    @Override
    public long approximateBytes(byte[] prefix) {
        return RocksKv.approximateBytes(db, prefix);
    }

    @Override
    public long approximateBytes(byte[] from, byte[] to) {
        return RocksKv.approximateBytes(db, from, to);
    }

    @Override
    public KvCursor cursor() {
        return KvCursor.rescanning(this::scan);
    }

    private static final Slice EMPTY_BOUND = new Slice(new byte[] {0x00});

    private boolean inDropped(byte[] key) {
        for (byte[][] r : droppedRanges) {
            if (java.util.Arrays.compareUnsigned(key, r[0]) >= 0 && java.util.Arrays.compareUnsigned(key, r[1]) < 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Deletes every key in the given {@code [from, to)} ranges as part of this
     * transaction: pending writes so far are discarded, later reads under the
     * ranges see only later writes, and the commit writes the range tombstones
     * before the remaining writes, atomically.
     */
    public void dropRanges(List<byte[][]> ranges) {
        batch.close();
        batch = new WriteBatchWithIndex(true);
        droppedRanges = List.copyOf(ranges);
    }

    public boolean hasDroppedRanges() {
        return !droppedRanges.isEmpty();
    }

    List<byte[][]> droppedRanges() {
        return droppedRanges;
    }

    /** The batch to write: the indexed batch itself, or range tombstones followed by its entries. */
    void writeTo(RocksDB db, org.rocksdb.WriteOptions wo) throws RocksDBException {
        if (droppedRanges.isEmpty()) {
            db.write(wo, batch);
            return;
        }
        try (WriteBatch plain = new WriteBatch(); WBWIRocksIterator it = batch.newIterator()) {
            for (byte[][] r : droppedRanges) {
                plain.deleteRange(r[0], r[1]);
            }
            for (it.seekToFirst(); it.isValid(); it.next()) {
                WBWIRocksIterator.WriteEntry e = it.entry();
                byte[] key = sliceBytes(e.getKey());
                switch (e.getType()) {
                    case PUT -> plain.put(key, sliceBytes(e.getValue()));
                    case DELETE, SINGLE_DELETE -> plain.delete(key);
                    default -> throw new IllegalStateException("unexpected batch entry " + e.getType());
                }
            }
            db.write(wo, plain);
        }
    }

    private static byte[] sliceBytes(org.rocksdb.DirectSlice s) {
        byte[] b = new byte[s.size()];
        for (int i = 0; i < b.length; i++) {
            b[i] = s.get(i);
        }
        return b;
    }

    public int count() {
        return batch.count();
    }

    @Override
    public void close() {
        readOptions.close();
        batch.close();
        if (dbOptionsForBatch != null) {
            dbOptionsForBatch.close();
        }
    }
}
