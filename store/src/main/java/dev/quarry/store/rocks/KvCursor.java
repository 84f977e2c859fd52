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
 *
 * <p>A join's outer rows mostly come in key order, so the next target is often at or
 * just after the key the iterator stands on. A RocksDB seek costs microseconds (a
 * binary search in the index and in a data block of every level); so when the target
 * lies between the last seek target and the current key, the iterator stays where it
 * is (every key in between has been passed), and when it lies a few keys ahead, it is
 * reached by {@link #STEPS_BEFORE_SEEK} steps at most before falling back to a seek.
 * Walking costs a few calls into RocksDB per key, so a cursor whose walks keep falling
 * short (targets far apart) stops walking, and only tries again now and then.
 *
 * <p>Confined to the thread that opened it (see {@link OwnerThread}): a close from
 * another thread only marks it, and a use after close throws instead of crashing.
 */
public final class KvCursor implements AutoCloseable {
    private static final byte[] NO_PREFIX = new byte[0];
    /** How many keys a repositioning walks forward before it gives up and seeks. */
    static final int STEPS_BEFORE_SEEK = 4;
    /** After this many walks in a row that fell short, the cursor stops walking for {@link #WALK_PAUSE} seeks. */
    static final int FAILED_WALKS_TO_PAUSE = 2;
    static final int WALK_PAUSE = 16;

    private final RocksIterator it;
    /** Where the iterator came from and goes back to on close; null if the cursor owns it. */
    private final SharedSnapshot pool;
    private final ReadOptions ownedOptions;
    private final Function<byte[], KvIterator> scans;
    private final OwnerThread owner = new OwnerThread("RocksDB cursor");
    private final Runnable release = this::release;
    private KvIterator scan;
    private byte[] prefix = NO_PREFIX;
    /** For a rescanning cursor: keys below this are skipped (see {@link #seek(byte[], byte[])}). */
    private byte[] skipBelow;
    private boolean started;
    private boolean positioned;
    /**
     * The key the iterator stands on (null if not read or invalid), the target of the
     * seek it came from, and the last key it passed since (null if none): the first key
     * at or after a target is {@code current} if the target is above {@code passed}
     * (or at least {@code from}) and not above {@code current}.
     */
    private byte[] current;
    private byte[] from;
    private byte[] passed;

    /** Walks in a row that fell short, and seeks left before the next walk is tried. */
    private int failedWalks;
    private int walkPause;

    private KvCursor(RocksIterator it, SharedSnapshot pool, ReadOptions ownedOptions, Function<byte[], KvIterator> scans) {
        this.it = it;
        this.pool = pool;
        this.ownedOptions = ownedOptions;
        this.scans = scans;
    }

    /** One new iterator over the latest state. */
    static KvCursor latest(RocksDB db) {
        ReadOptions owned = new ReadOptions();
        return new KvCursor(db.newIterator(owned), null, owned, null);
    }

    /** One iterator of a shared snapshot's pool, given back on close (every use seeks first). */
    static KvCursor pooled(SharedSnapshot pool) {
        return new KvCursor(pool.takeIterator(), pool, null, null);
    }

    /** A new scan per prefix, for readers whose iterators cannot simply be re-sought. */
    static KvCursor rescanning(Function<byte[], KvIterator> scans) {
        return new KvCursor(null, null, null, scans);
    }

    /** Positions before the first key starting with {@code prefix}; {@link #next} moves onto it. */
    public void seek(byte[] prefix) {
        seek(prefix, prefix);
    }

    /**
     * Positions before the first key at or after {@code target} that starts with
     * {@code prefix} ({@code target} starts with {@code prefix}): a scan of the keys of
     * {@code prefix} from {@code target} on, e.g. a range of values inside an index prefix.
     */
    public void seek(byte[] prefix, byte[] target) {
        owner.checkOpen(release);
        this.prefix = prefix;
        started = false;
        positioned = true;
        if (it != null) {
            if (!reachedWithoutSeek(target)) {
                it.seek(target);
                from = target;
                current = null;
                passed = null;
            }
        } else {
            if (scan != null) {
                scan.close();
            }
            scan = scans.apply(prefix);
            skipBelow = target == prefix ? null : target;
        }
    }

    /**
     * True if the iterator now stands on the first key at or after {@code target},
     * found without a seek: it already stands there, or it is a few steps ahead.
     */
    private boolean reachedWithoutSeek(byte[] target) {
        if (current == null) {
            return false;
        }
        if (passed == null ? Arrays.compareUnsigned(target, from) < 0 : Arrays.compareUnsigned(target, passed) <= 0) {
            return false; // a key between the target and the current one may have been passed
        }
        if (Arrays.compareUnsigned(target, current) <= 0) {
            return true;
        }
        if (walkPause > 0) {
            walkPause--;
            return false;
        }
        for (int step = 0; step < STEPS_BEFORE_SEEK; step++) {
            advance();
            if (current == null) {
                break;
            }
            if (Arrays.compareUnsigned(target, current) <= 0) {
                failedWalks = 0;
                return true;
            }
        }
        if (++failedWalks >= FAILED_WALKS_TO_PAUSE) {
            failedWalks = 0;
            walkPause = WALK_PAUSE;
        }
        return false;
    }

    /** Moves to the next key; false at the end of the prefix range (or before any seek). */
    public boolean next() {
        owner.checkOpen(release);
        if (!positioned) {
            return false;
        }
        if (it == null) {
            do {
                positioned = scan.next();
            } while (positioned && skipBelow != null && Arrays.compareUnsigned(scan.key(), skipBelow) < 0);
            return positioned;
        }
        if (started) {
            advance();
        } else if (current == null) {
            current = it.isValid() ? readKey(null) : null; // just sought: read where it landed
        }
        started = true;
        if (current == null || !startsWith(current, prefix)) {
            positioned = false; // stay false until the next seek, even if called again
            return false;
        }
        return true;
    }

    private void advance() {
        byte[] spare = passed;
        passed = current;
        it.next();
        current = it.isValid() ? readKey(spare) : null;
    }

    /**
     * The iterator's key, copied into {@code reuse} when it has the key's length (quad keys
     * all do; the caller no longer holds that array), else into a new array: RocksDB's
     * {@code key()} allocates an array per key in JNI, which was a third of a query's garbage.
     */
    private byte[] readKey(byte[] reuse) {
        byte[] k = reuse != null && reuse != from ? reuse : new byte[32 + 1];
        int n = it.key(k, 0, k.length);
        if (n != k.length) {
            k = new byte[n];
            it.key(k, 0, n);
        }
        return k;
    }

    public byte[] key() {
        owner.checkOpen(release);
        return it != null ? current : scan.key();
    }

    private static boolean startsWith(byte[] k, byte[] prefix) {
        return k.length >= prefix.length && Arrays.equals(k, 0, prefix.length, prefix, 0, prefix.length);
    }

    /** Frees the iterator now if this is the opening thread, else marks it (see {@link OwnerThread}). */
    @Override
    public void close() {
        if (owner.close()) {
            release();
        }
    }

    private void release() {
        if (pool != null) {
            pool.giveBack(it);
        } else if (it != null) {
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
