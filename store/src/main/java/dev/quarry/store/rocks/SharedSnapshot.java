package dev.quarry.store.rocks;

import java.util.ArrayDeque;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksIterator;
import org.rocksdb.Snapshot;

/**
 * One RocksDB snapshot shared by every {@link KvSnapshot} taken while the store does not
 * change, with a pool of idle iterators over it. A short query used to take a snapshot
 * (the database mutex, twice) and create and destroy an iterator per pattern: on BSBM's
 * one-pattern DESCRIBE that was 12-15 % of the request's CPU (async-profiler), and a new
 * iterator's first seek also builds its per-level iterators. Any write through
 * {@link RocksKv}, and any flush or compaction, retires it (a later view takes a new one);
 * it is freed when it is retired and its last view and iterator are back.
 *
 * <p>Idle iterators pin the files they were created over, so a compaction must retire the
 * pool or its input files would stay on disk while queries keep reusing it.
 *
 * <p>All methods are synchronized: taken and given back once per cursor, never contended
 * long. An iterator is used by one cursor at a time, on that cursor's thread.
 */
final class SharedSnapshot {
    /** Idle iterators kept at most; more are closed on return (a query with many patterns). */
    static final int MAX_IDLE_ITERATORS = 32;

    private final RocksDB db;
    private final Snapshot snapshot;
    private final ReadOptions readOptions;
    private final ArrayDeque<RocksIterator> idle = new ArrayDeque<>();
    /** Views and iterators out; the natives are freed when this is 0 and the share is retired. */
    private int users;
    private boolean retired;
    private boolean freed;

    SharedSnapshot(RocksDB db) {
        this.db = db;
        this.snapshot = db.getSnapshot();
        this.readOptions = new ReadOptions().setSnapshot(snapshot);
    }

    Snapshot snapshot() {
        return snapshot;
    }

    ReadOptions readOptions() {
        return readOptions;
    }

    /** Counts a new view; false if this share is retired (take a new one). */
    synchronized boolean acquire() {
        if (retired) {
            return false;
        }
        users++;
        return true;
    }

    /** A view is done with it. */
    synchronized void release() {
        users--;
        freeIfDone();
    }

    /** An iterator over this snapshot, idle or new; give it back with {@link #giveBack}. */
    synchronized RocksIterator takeIterator() {
        users++;
        RocksIterator it = idle.poll();
        return it != null ? it : db.newIterator(readOptions);
    }

    /** Returns an iterator taken here: kept for the next cursor, or closed if retired or the pool is full. */
    synchronized void giveBack(RocksIterator it) {
        if (retired || idle.size() >= MAX_IDLE_ITERATORS) {
            it.close();
        } else {
            idle.push(it);
        }
        users--;
        freeIfDone();
    }

    /** No new view gets this share; it is freed once its last view and iterator are back. */
    synchronized void retire() {
        retired = true;
        closeIdle(); // now: they pin files a compaction may have replaced
        freeIfDone();
    }

    private void closeIdle() {
        for (RocksIterator it : idle) {
            it.close();
        }
        idle.clear();
    }

    private void freeIfDone() {
        if (!retired || users > 0 || freed) {
            return;
        }
        freed = true;
        closeIdle();
        readOptions.close();
        db.releaseSnapshot(snapshot);
    }
}
