package dev.quarry.store;

import dev.quarry.store.encoding.TermId;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
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
 * {@link #MAX_TABLE_QUADS} quads and the tables stay within the byte budget. A small
 * predicate (at most {@link #READ_IN_QUERY_QUADS} quads) is read by the query whose seek
 * crosses the line; a larger one by a thread of its own, through a view of its own, while
 * queries keep seeking: on BSBM 25 M such reads took 25-642 ms, which the one query that paid
 * for them added to its time. Tables serve only views that see exactly their version (see
 * {@link QuadStore#newReadView}); a view of a newer version starts the tables over.
 */
final class PredicateTables {
    private static final Logger LOG = LoggerFactory.getLogger(PredicateTables.class);
    /** What a seek costs, in quads read in order (the engine's hash probe counts the same). */
    static final int SEEK_COST_IN_QUADS = 8;
    /** The largest predicate held as a table: its quads in all graphs, by the statistics. */
    static final int MAX_TABLE_QUADS = 1 << 20;
    /** The largest predicate read by the query that pays for it (2,139 quads took 1 ms on BSBM 25 M). */
    static final int READ_IN_QUERY_QUADS = 4096;

    private final long budgetBytes;
    /** Views of the store's latest version, for reads in the background. */
    private final Supplier<ReadView> views;
    private final ExecutorService reader = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "quarry-table-reader");
        t.setDaemon(true);
        return t;
    });
    private volatile boolean closed;
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

    /** @param views opens a view of the store as of now, for tables read in the background */
    PredicateTables(long budgetBytes, Supplier<ReadView> views) {
        this.budgetBytes = budgetBytes;
        this.views = views;
    }

    /**
     * The table of {@code (?s, p, ?o, g)} by {@code keyedBy} at {@code version}, after {@code seeks} more seeks of
     * that shape were made or are about to be: null while reading it whole would cost more than
     * the seeks so far, for a predicate too large, and while it is read in the background; read
     * now (by this thread, through {@code scan}, a cursor on the predicate's quads in graph
     * {@code g}) when the seeks have paid for a small one. {@code quads} is the predicate's quad
     * count (all graphs). A read in the query is not a query's step: its query cannot be
     * cancelled during it (at most {@link #READ_IN_QUERY_QUADS} quads).
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
        TableRead read = new TableRead(gen, e, keyedBy, p, g, quads, expected);
        if (gen.bytes.addAndGet(expected) > budgetBytes) {
            read.release(REFUSED);
            LOG.debug("predicate {} by {} in graph {} ({} quads): not held, over the budget of {} bytes", p, keyedBy, g, quads, budgetBytes);
            return null;
        }
        if (quads <= READ_IN_QUERY_QUADS) {
            return read.from(scan, "");
        }
        try {
            reader.execute(read::inBackground);
        } catch (RejectedExecutionException closing) {
            read.release(COUNTING);
        }
        return null;
    }

    /** One table being read, and the byte budget taken for it until it is held or given up. */
    private final class TableRead {
        final Generation gen;
        final Entry entry;
        final PredicateTable.Key keyedBy;
        final long p, g, quads, expected;
        /** Held or given up: the entry's state and the budget are settled (one thread owns a read). */
        boolean settled;

        TableRead(Generation gen, Entry entry, PredicateTable.Key keyedBy, long p, long g, long quads, long expected) {
            this.gen = gen;
            this.entry = entry;
            this.keyedBy = keyedBy;
            this.p = p;
            this.g = g;
            this.quads = quads;
            this.expected = expected;
        }

        /**
         * Reads through {@code scan}; null if the predicate has more quads than its statistics say, or the read failed.
         * {@code where} ends the debug line that says it was read.
         */
        PredicateTable from(Supplier<QuadCursor> scan, String where) {
            long start = System.nanoTime();
            PredicateTable table = null;
            boolean tooLarge = false;
            try (QuadCursor c = scan.get()) {
                // No more than the statistics promise (and the budget was checked for): a predicate
                // they undercount is given up early instead of overrunning the budget.
                table = PredicateTable.read(c, keyedBy, p, g, (int) Math.min(MAX_TABLE_QUADS, quads + 1024), () -> {
                    if (closed) {
                        throw new CancellationException("the store is closing");
                    }
                });
                tooLarge = table == null;
            } finally {
                if (table == null) {
                    LOG.debug("predicate {} by {} in graph {}: {}", p, keyedBy, g, tooLarge ? "more quads than its statistics say, not held" : "reading failed, tried again later");
                    // Larger than its statistics said: not again this version. Failed (the reading
                    // query's view was closed under it, e.g. at a timeout): a later seek tries again.
                    release(tooLarge ? REFUSED : COUNTING);
                } else {
                    gen.bytes.addAndGet(table.bytes() - expected);
                    entry.table = table;
                    entry.state.set(HELD);
                    settled = true;
                    LOG.debug("predicate {} by {} in graph {}: {} quads held, read in {} ms{}", p, keyedBy, g, table.quads(),
                            (System.nanoTime() - start) / 1_000_000, where);
                }
            }
            return table;
        }

        /** Reads through a view of its own, if that view holds exactly the version the table is for. */
        void inBackground() {
            try (ReadView view = views.get()) {
                if (view.version() != gen.version || !view.holdsTables()) {
                    // A commit since (this version's tables serve no new view) or under way: a later seek tries again.
                    release(COUNTING);
                    return;
                }
                from(() -> view.find(TermId.NONE, p, TermId.NONE, g), " in the background");
            } catch (RuntimeException e) { // the store closing, or the read failed
                if (!settled) {
                    release(COUNTING);
                }
                LOG.debug("predicate {} by {} in graph {}: not read in the background: {}", p, keyedBy, g, e.toString());
            }
        }

        void release(int state) {
            gen.bytes.addAndGet(-expected);
            entry.state.set(state);
            settled = true;
        }
    }

    /** Waits until the tables asked for so far are read or given up (for tests). */
    void awaitReads() {
        try {
            reader.submit(() -> { }).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | RejectedExecutionException e) {
            // closed: nothing is being read
        }
    }

    /** Stops a read in the background and waits for it: before the store closes the database under it. */
    void close() {
        closed = true;
        reader.shutdown();
        try {
            reader.awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The bytes the current version's tables take. */
    long bytes() {
        return current.bytes.get();
    }
}
