package dev.quarry.store.rocks;

import java.util.Arrays;
import org.rocksdb.AbstractSlice;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;
import org.rocksdb.Snapshot;

/**
 * A forward scan over the keys that start with a prefix. Use as
 * {@code while (it.next()) { it.key(); }}; close it when done. Confined to the thread
 * that opened it (see {@link OwnerThread}).
 */
public final class KvIterator implements AutoCloseable {
    private final RocksIterator it;
    private final ReadOptions readOptions;
    private final AbstractSlice<?> upperBound;
    private final AutoCloseable extra;
    private final byte[] prefix;
    private final OwnerThread owner = new OwnerThread("RocksDB iterator");
    private final Runnable release = this::release;
    private boolean started;

    private KvIterator(RocksIterator it, ReadOptions readOptions, AbstractSlice<?> upperBound,
            AutoCloseable extra, byte[] prefix) {
        this.it = it;
        this.readOptions = readOptions;
        this.upperBound = upperBound;
        this.extra = extra;
        this.prefix = prefix;
    }

    static KvIterator over(RocksDB db, Snapshot snapshot, byte[] prefix) {
        byte[] end = prefixEnd(prefix);
        Slice bound = end == null ? null : new Slice(end);
        ReadOptions ro = new ReadOptions();
        if (snapshot != null) {
            ro.setSnapshot(snapshot);
        }
        if (bound != null) {
            ro.setIterateUpperBound(bound);
        }
        RocksIterator it = db.newIterator(ro);
        it.seek(prefix);
        return new KvIterator(it, ro, bound, null, prefix);
    }

    /** For {@link KvBatch}: an iterator that merges batch and base; {@code base} is closed with it. */
    static KvIterator wrap(RocksIterator it, ReadOptions ro, RocksIterator base, byte[] prefix) {
        it.seek(prefix);
        return new KvIterator(it, ro, null, base, prefix);
    }

    /** Repositions at the first key >= {@code key} (still within the prefix). */
    public void seek(byte[] key) {
        owner.checkOpen(release);
        it.seek(key);
        started = false;
    }

    /** Moves to the next key; false at the end of the prefix range. */
    public boolean next() {
        owner.checkOpen(release);
        if (started) {
            it.next();
        }
        started = true;
        if (!it.isValid()) {
            return false;
        }
        byte[] k = it.key();
        return startsWith(k, prefix);
    }

    public byte[] key() {
        owner.checkOpen(release);
        return it.key();
    }

    public byte[] value() {
        owner.checkOpen(release);
        return it.value();
    }

    private static boolean startsWith(byte[] k, byte[] prefix) {
        return k.length >= prefix.length && Arrays.equals(k, 0, prefix.length, prefix, 0, prefix.length);
    }

    static byte[] prefixEnd(byte[] prefix) {
        byte[] end = Arrays.copyOf(prefix, prefix.length);
        for (int i = end.length - 1; i >= 0; i--) {
            if (end[i] != (byte) 0xFF) {
                end[i]++;
                return Arrays.copyOf(end, i + 1);
            }
        }
        return null;
    }

    @Override
    public void close() {
        if (owner.close()) {
            release();
        }
    }

    private void release() {
        it.close();
        readOptions.close();
        if (upperBound != null) {
            upperBound.close();
        }
        if (extra != null) {
            try {
                extra.close();
            } catch (Exception ignored) {
                // native close does not fail
            }
        }
    }
}
