package dev.quarry.store.rocks;

import java.util.Arrays;
import java.util.function.Function;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksIterator;

/**
 * A prefix scan that can be moved to another prefix any number of times: the inner
 * side of a nested-loop join seeks once per outer row. Over a snapshot or the latest
 * state it keeps ONE RocksDB iterator, without an upper-bound slice (the prefix is
 * checked here), so a repositioning is a single seek instead of a new iterator, read
 * options and bound through JNI. Over a write batch it opens a scan per prefix (the
 * batch's dropped ranges decide per prefix which base to read).
 * {@code c.seek(prefix); while (c.next()) { c.key(); }}; close it when done.
 */
public final class KvCursor implements AutoCloseable {
    private static final byte[] NO_PREFIX = new byte[0];

    private final RocksIterator it;
    private final ReadOptions ownedOptions;
    private final Function<byte[], KvIterator> scans;
    private KvIterator scan;
    private byte[] prefix = NO_PREFIX;
    private boolean started;
    private boolean positioned;

    private KvCursor(RocksIterator it, ReadOptions ownedOptions, Function<byte[], KvIterator> scans) {
        this.it = it;
        this.ownedOptions = ownedOptions;
        this.scans = scans;
    }

    /** One iterator with {@code shared} options (a snapshot's; not closed here) or fresh ones if null. */
    static KvCursor over(RocksDB db, ReadOptions shared) {
        ReadOptions owned = shared == null ? new ReadOptions() : null;
        // RocksDB copies the read options into the iterator, so sharing them is safe.
        return new KvCursor(db.newIterator(shared == null ? owned : shared), owned, null);
    }

    /** A new scan per prefix, for readers whose iterators cannot simply be re-sought. */
    static KvCursor rescanning(Function<byte[], KvIterator> scans) {
        return new KvCursor(null, null, scans);
    }

    /** Positions before the first key starting with {@code prefix}; {@link #next} moves onto it. */
    public void seek(byte[] prefix) {
        this.prefix = prefix;
        started = false;
        positioned = true;
        if (it != null) {
            it.seek(prefix);
        } else {
            if (scan != null) {
                scan.close();
            }
            scan = scans.apply(prefix);
        }
    }

    /** Moves to the next key; false at the end of the prefix range (or before any seek). */
    public boolean next() {
        if (!positioned) {
            return false;
        }
        if (it == null) {
            positioned = scan.next();
            return positioned;
        }
        if (started) {
            it.next();
        }
        started = true;
        if (!it.isValid() || !startsWith(it.key(), prefix)) {
            positioned = false; // stay false until the next seek, even if called again
            return false;
        }
        return true;
    }

    public byte[] key() {
        return it != null ? it.key() : scan.key();
    }

    private static boolean startsWith(byte[] k, byte[] prefix) {
        return k.length >= prefix.length && Arrays.equals(k, 0, prefix.length, prefix, 0, prefix.length);
    }

    @Override
    public void close() {
        if (it != null) {
            it.close();
        }
        if (ownedOptions != null) {
            ownedOptions.close();
        }
        if (scan != null) {
            scan.close();
            scan = null;
        }
    }
}
