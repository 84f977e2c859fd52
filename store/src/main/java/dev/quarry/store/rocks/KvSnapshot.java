package dev.quarry.store.rocks;

import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.Snapshot;

/** A consistent read-only view of the store at one moment; readers never see half a write. */
public final class KvSnapshot implements KvReader, AutoCloseable {
    private final RocksDB db;
    private final Snapshot snapshot;
    private final ReadOptions readOptions;

    KvSnapshot(RocksDB db) {
        this.db = db;
        this.snapshot = db.getSnapshot();
        this.readOptions = new ReadOptions().setSnapshot(snapshot);
    }

    @Override
    public byte[] get(byte[] key) {
        try {
            return db.get(readOptions, key);
        } catch (RocksDBException e) {
            throw RocksKv.fail("read failed", e);
        }
    }

    /** Iterates keys starting with {@code prefix} as of this snapshot. */
    @Override
    public KvIterator scan(byte[] prefix) {
        return KvIterator.over(db, snapshot, prefix);
    }

    @Override
    public long approximateBytes(byte[] prefix) {
        return RocksKv.approximateBytes(db, prefix);
    }

    @Override
    public KvCursor cursor() {
        return KvCursor.over(db, readOptions);
    }

    /** Iterates keys in {@code [from, prefixEnd(prefix))}: a scan of {@code prefix} resumed at {@code from}. */
    public KvIterator scanFrom(byte[] prefix, byte[] from) {
        KvIterator it = KvIterator.over(db, snapshot, prefix);
        it.seek(from);
        return it;
    }

    @Override
    public void close() {
        readOptions.close();
        db.releaseSnapshot(snapshot);
    }
}
