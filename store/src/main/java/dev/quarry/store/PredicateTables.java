package dev.quarry.store;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link PredicateTable}s of the latest store version, shared by every query of that
 * version: a predicate whose objects joins keep looking up subject by subject (or whose
 * subjects they look up object by object) is read into memory once, and its look-ups then
 * cost a hash probe instead of an index seek (a seek through RocksDB took ~6 us on BSBM 5 M,
 * a probe well under one).
 *
 * <p>A table is built once the seeks asked for it add up to what reading the predicate
 * whole costs ({@link #SEEK_COST_IN_QUADS} quads a seek), if the predicate has at most
 * {@link #MAX_TABLE_QUADS} quads and the tables stay within the byte budget. The query
 * whose seek crosses the line reads the table; the others seek as before meanwhile. Tables
 * serve only views that see exactly their version (see {@link QuadStore#newReadView}); a
 * view of a newer version starts the tables over.
 */
final class PredicateTables {
    private static final Logger LOG = LoggerFactory.getLogger(PredicateTables.class);
    /** What a seek costs, in quads read in order (the engine's hash probe counts the same). */
    static final int SEEK_COST_IN_QUADS = 8;
    /** The largest predicate held as a table: its quads in all graphs, by the statistics. */
    static final int MAX_TABLE_QUADS = 1 << 20;

    private final long budgetBytes;
    private volatile Generation current = new Generation(-1);

    /** Tables (and seek counts) of one store version. */
    private static final class Generation {
        final long version;
        final ConcurrentHashMap<TableKey, Entry> entries = new ConcurrentHashMap<>();
        final AtomicLong bytes = new AtomicLong();

        Generation(long version) {
            this.version = version;
        }
    }

    private record TableKey(long p, long g, PredicateTable.Key keyedBy) {}

    /** An entry's states: seeks being counted, the table being read, held (table set), not to be read at this version. */
    private static final int COUNTING = 0, READING = 1, HELD = 2, REFUSED = 3;

    private static final class Entry {
        final AtomicLong seeks = new AtomicLong();
        final AtomicInteger state = new AtomicInteger(COUNTING);
        volatile PredicateTable table;
    }

    PredicateTables(long budgetBytes) {
        this.budgetBytes = budgetBytes;
    }

    /**
     * The table of {@code (?s, p, ?o, g)} by {@code keyedBy} at {@code version}, after {@code seeks} more seeks of
     * that shape were made or are about to be: null while reading it whole would cost more than
     * the seeks so far, and for a predicate too large; read now (by this thread, through
     * {@code scan}, a cursor already positioned on the predicate's quads in graph {@code g})
     * when the seeks have paid for it. {@code quads} is the predicate's quad count (all graphs).
     * The read is not a query's step: its query cannot be cancelled during it (at most
     * {@link #MAX_TABLE_QUADS} quads).
     */
    PredicateTable get(long version, PredicateTable.Key keyedBy, long p, long g, int seeks, long quads, Supplier<QuadCursor> scan) {
        Generation gen = current;
        if (gen.version < version) {
            synchronized (this) {
                if (current.version < version) {
                    current = new Generation(version);
                }
                gen = current;
            }
        }
        if (gen.version != version) {
            return null; // an older view: its version's tables are gone
        }
        Entry e = gen.entries.computeIfAbsent(new TableKey(p, g, keyedBy), k -> new Entry());
        int state = e.state.get();
        if (state == HELD) {
            return e.table;
        }
        if (state != COUNTING) {
            return null;
        }
        long asked = e.seeks.addAndGet(seeks);
        if (quads > MAX_TABLE_QUADS) {
            e.state.compareAndSet(COUNTING, REFUSED);
            return null;
        }
        if (asked * SEEK_COST_IN_QUADS < quads || !e.state.compareAndSet(COUNTING, READING)) {
            return null;
        }
        long expected = PredicateTable.bytesFor(quads);
        if (gen.bytes.addAndGet(expected) > budgetBytes) {
            gen.bytes.addAndGet(-expected);
            e.state.set(REFUSED);
            LOG.debug("predicate {} by {} in graph {} ({} quads): not held, over the budget of {} bytes", p, keyedBy, g, quads, budgetBytes);
            return null;
        }
        long start = System.nanoTime();
        PredicateTable table = null;
        boolean tooLarge = false;
        try (QuadCursor c = scan.get()) {
            // No more than the statistics promise (and the budget was checked for): a predicate
            // they undercount is given up early instead of overrunning the budget.
            table = PredicateTable.read(c, keyedBy, p, g, (int) Math.min(MAX_TABLE_QUADS, quads + 1024), () -> { });
            tooLarge = table == null;
        } finally {
            if (table == null) {
                LOG.debug("predicate {} by {} in graph {}: {}", p, keyedBy, g, tooLarge ? "more quads than its statistics say, not held" : "reading failed, tried again later");
                gen.bytes.addAndGet(-expected);
                // Larger than its statistics said: not again this version. Failed (the reading
                // query's view was closed under it, e.g. at a timeout): a later seek tries again.
                e.state.set(tooLarge ? REFUSED : COUNTING);
            } else {
                gen.bytes.addAndGet(table.bytes() - expected);
                e.table = table;
                e.state.set(HELD);
                LOG.debug("predicate {} by {} in graph {}: {} quads held, read in {} ms", p, keyedBy, g, table.quads(), (System.nanoTime() - start) / 1_000_000);
            }
        }
        return table;
    }

    /** The bytes the current version's tables take. */
    long bytes() {
        return current.bytes.get();
    }
}
