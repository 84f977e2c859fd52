package dev.quarry.store;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The {@link SubjectTable}s of the latest store version, shared by every query of that
 * version: a predicate whose objects joins keep looking up subject by subject is read into
 * memory once, and its look-ups then cost a hash probe instead of an index seek (a seek
 * through RocksDB took ~6 us on BSBM 5 M, a probe well under one).
 *
 * <p>A table is built once the seeks asked for it add up to what reading the predicate
 * whole costs ({@link #SEEK_COST_IN_QUADS} quads a seek), if the predicate has at most
 * {@link #MAX_TABLE_QUADS} quads and the tables stay within the byte budget. The query
 * whose seek crosses the line reads the table; the others seek as before meanwhile. Tables
 * serve only views that see exactly their version (see {@link QuadStore#newReadView}); a
 * view of a newer version starts the tables over.
 */
final class SubjectTables {
    /** What a seek costs, in quads read in order (the engine's hash probe counts the same). */
    static final int SEEK_COST_IN_QUADS = 8;
    /** The largest predicate (in one graph) held as a table. */
    static final int MAX_TABLE_QUADS = 1 << 20;

    private final long budgetBytes;
    private volatile Generation current = new Generation(-1);

    /** Tables (and seek counts) of one store version. */
    private static final class Generation {
        final long version;
        final ConcurrentHashMap<Key, Entry> entries = new ConcurrentHashMap<>();
        final AtomicLong bytes = new AtomicLong();

        Generation(long version) {
            this.version = version;
        }
    }

    private record Key(long p, long g) {}

    private static final class Entry {
        final AtomicLong seeks = new AtomicLong();
        /** 0 asked for, 1 being read, 2 read (table set), 3 not to be read (too large, over budget). */
        final java.util.concurrent.atomic.AtomicInteger state = new java.util.concurrent.atomic.AtomicInteger();
        volatile SubjectTable table;
    }

    SubjectTables(long budgetBytes) {
        this.budgetBytes = budgetBytes;
    }

    /**
     * The table of {@code (?s, p, ?o, g)} at {@code version}, after {@code seeks} more seeks of
     * that shape were made or are about to be: null while reading it whole would cost more than
     * the seeks so far, and for a predicate too large; read now (by this thread, through
     * {@code scan}, a cursor already positioned on the predicate's quads in graph {@code g})
     * when the seeks have paid for it. {@code quads} is the predicate's quad count (all graphs).
     */
    SubjectTable get(long version, long p, long g, int seeks, long quads, Supplier<QuadCursor> scan, Runnable step) {
        Generation gen = current;
        if (gen.version != version) {
            if (gen.version > version) {
                return null; // an older view: its tables are gone
            }
            Generation fresh = new Generation(version);
            synchronized (this) {
                if (current.version < version) {
                    current = fresh;
                }
                gen = current;
            }
            if (gen.version != version) {
                return null;
            }
        }
        Entry e = gen.entries.computeIfAbsent(new Key(p, g), k -> new Entry());
        int state = e.state.get();
        if (state == 2) {
            return e.table;
        }
        if (state != 0) {
            return null;
        }
        long asked = e.seeks.addAndGet(seeks);
        if (quads > MAX_TABLE_QUADS) {
            e.state.compareAndSet(0, 3);
            return null;
        }
        if (asked * SEEK_COST_IN_QUADS < quads || !e.state.compareAndSet(0, 1)) {
            return null;
        }
        long expected = SubjectTable.bytesFor(quads);
        if (gen.bytes.addAndGet(expected) > budgetBytes) {
            gen.bytes.addAndGet(-expected);
            e.state.set(3);
            return null;
        }
        SubjectTable table = null;
        try (QuadCursor c = scan.get()) {
            table = SubjectTable.read(c, p, g, MAX_TABLE_QUADS, step);
        } finally {
            if (table == null) {
                gen.bytes.addAndGet(-expected);
                e.state.set(3); // larger than its statistics said, or the reading query stopped: not again this version
            } else {
                gen.bytes.addAndGet(table.bytes() - expected);
                e.table = table;
                e.state.set(2);
            }
        }
        return table;
    }

    /** The bytes the current version's tables take. */
    long bytes() {
        return current.bytes.get();
    }
}
