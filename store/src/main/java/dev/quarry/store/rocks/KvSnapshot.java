package dev.quarry.store.rocks;

import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.Snapshot;

/**
 * A consistent read-only view of the store at one moment; readers never see half a write.
 * Views taken while the store does not change share one RocksDB snapshot and its idle
 * iterators (see {@link SharedSnapshot}). Confined to the thread that took it (see
 * {@link OwnerThread}): a close from another thread only marks it, and a read after close
 * throws instead of crashing.
 */
public final class KvSnapshot implements KvReader, AutoCloseable {
    private final RocksDB db;
    private final SharedSnapshot shared;
    private final Snapshot snapshot;
    private final ReadOptions readOptions;
    private final OwnerThread owner = new OwnerThread("RocksDB snapshot");
    private final Runnable release = this::release;

    /** A view of {@code shared}, already acquired for it. */
    KvSnapshot(RocksDB db, SharedSnapshot shared) {
        this.db = db;
        this.shared = shared;
        this.snapshot = shared.snapshot();
        this.readOptions = shared.readOptions();
    }

    @Override
    public byte[] get(byte[] key) {
        owner.checkOpen(release);
        try {
            return db.get(readOptions, key);
        } catch (RocksDBException e) {
            throw RocksKv.fail("read failed", e);
        }
    }

    /** Iterates keys starting with {@code prefix} as of this snapshot. */
    @Override
    public KvIterator scan(byte[] prefix) {
        owner.checkOpen(release);
        return KvIterator.over(db, snapshot, prefix);
    }

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
        owner.checkOpen(release);
        return KvCursor.pooled(shared);
    }

    /** Iterates keys in {@code [from, prefixEnd(prefix))}: a scan of {@code prefix} resumed at {@code from}. */
    public KvIterator scanFrom(byte[] prefix, byte[] from) {
        owner.checkOpen(release);
        KvIterator it = KvIterator.over(db, snapshot, prefix);
        it.seek(from);
        return it;
    }

    /** Releases the snapshot now if this is the thread that took it, else marks it (see {@link OwnerThread}). */
    @Override
    public void close() {
        if (owner.close()) {
            release();
        }
    }

    private void release() {
        shared.release();
    }
}
