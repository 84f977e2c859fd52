package dev.quarry.store;

import dev.quarry.store.error.StoreException;
import dev.quarry.store.error.StoreFormatException;
import dev.quarry.store.error.StoreLockedException;

import dev.quarry.store.dict.PrefixDictionary;
import dev.quarry.store.dict.TermDictionary;
import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermId;
import dev.quarry.store.rocks.KvBatch;
import dev.quarry.store.rocks.KvIterator;
import dev.quarry.store.rocks.KvSnapshot;
import dev.quarry.store.rocks.RocksKv;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.LongConsumer;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Quad;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A quad store in one directory: six quad indexes, the term and prefix dictionaries
 * and statistics, all in one RocksDB column family (see {@link KeyLayout}).
 *
 * <p>Concurrency: any number of readers, each on its own {@link ReadView} snapshot;
 * one writer at a time ({@link #beginWrite}; a bulk load counts as a writer), so a
 * reader never sees half a transaction. An acknowledged commit is in the write-ahead
 * log (fsynced if {@link StoreOptions#syncCommits()}) and survives a crash.
 *
 * <p>Directory layout: {@code quarry.store} (format marker), {@code db/} (RocksDB),
 * {@code tmp/} (bulk-load scratch files, deleted on open).
 */
public final class QuadStore implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(QuadStore.class);

    /**
     * The on-disk format this build reads and writes. 5: TERM2ID is keyed by a 128-bit hash of
     * the term bytes ({@code TermHash}), not the bytes themselves, so a format-4 store
     * {@link #upgrade}s by writing TERM2ID again from ID2TERM. 4: an IRI ending in '#', '/' or ':' keeps that
     * delimiter in its local name ({@code TermLayout.splitPoint}; format 3 made each such IRI a
     * namespace of its own), so its term bytes differ and a format-3 store {@link #upgrade}s by
     * rewriting those terms' dictionary entries. 3: the default graph's triples are in
     * SPOG, POSG and OSPG only, not in the graph-first indexes ({@link Permutation#holds});
     * format 2 had them in all six, so a format-2 store {@link #upgrade}s by deleting one key
     * range per graph-first index too. 2: xsd:decimal, xsd:dateTime and xsd:date are inlined in
     * term ids (format 1 kept them in the dictionary, so its ids for those terms differ: a
     * format-1 store must be reloaded).
     */
    public static final int FORMAT_VERSION = 5;
    /** Block cache of the one open of a new backup that reads its statistics: a few blocks suffice. */
    private static final long BACKUP_CHECK_CACHE_BYTES = 8L << 20;

    /** Key ranges DROP ALL clears: indexes, term dictionary, statistics, loaded feeds. Prefixes stay. */
    static final List<byte[][]> DROP_RANGES = List.of(
            new byte[][] {{KeyLayout.TAG_SPOG}, {KeyLayout.TAG_GOSP + 1}},
            new byte[][] {{KeyLayout.TAG_ID2TERM}, {KeyLayout.TAG_TERM2ID + 1}},
            new byte[][] {{KeyLayout.TAG_STAT}, {KeyLayout.TAG_STAT + 1}},
            new byte[][] {{KeyLayout.TAG_FEED}, {KeyLayout.TAG_FEED + 1}});

    private final Path dir;
    private final StoreOptions options;
    private final RocksKv kv;
    private final PrefixDictionary prefixes;
    private final TermDictionary dictionary;
    private final ReentrantLock writerLock = new ReentrantLock(true);
    private final AtomicLong version = new AtomicLong();
    /**
     * Counts the same commits, loads and drops as {@link #version}, but before their data is
     * written: while it is ahead of the version, a snapshot may hold a commit that its
     * version does not count yet (see {@link #newReadView}).
     */
    private final AtomicLong writesStarted = new AtomicLong();
    private final StatsCache statsCache = new StatsCache();
    private final PredicateTables predicateTables;
    /** Orders snapshot-taking against DROP ALL commits (see {@link #newReadView}). */
    private final Object viewLock = new Object();
    private final ExecutorService background = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "quarry-reclaim");
        t.setDaemon(true);
        return t;
    });
    private volatile boolean closed;

    private QuadStore(Path dir, StoreOptions options) {
        this.dir = dir;
        this.options = options;
        this.kv = RocksKv.open(dir.resolve("db"), options.blockCacheBytes(), options.syncCommits());
        this.prefixes = new PrefixDictionary(kv);
        this.dictionary = new TermDictionary(kv, prefixes);
        this.predicateTables = options.predicateTableBytes() > 0 ? new PredicateTables(options.predicateTableBytes(), this::newReadView) : null;
    }

    /**
     * Opens the store in {@code dir}, creating it if the directory is missing or empty.
     *
     * @throws StoreFormatException if {@code dir} holds something else, or a store of another format version
     * @throws StoreLockedException if another process (or this one) has the store open
     */
    public static QuadStore open(Path dir, StoreOptions options) {
        try {
            if (Files.exists(dir) && !Files.isDirectory(dir)) {
                throw new StoreFormatException(dir + " is a file, not a store directory");
            }
            if (StoreFormat.hasMarker(dir)) {
                StoreFormat.check(dir);
            } else if (Files.isDirectory(dir) && !StoreFormat.isEmpty(dir)) {
                throw new StoreFormatException(dir + " is not a Quarry store (no " + StoreFormat.MARKER
                        + " file) and is not empty; give a new or empty directory");
            } else if (options.readOnly()) {
                throw new StoreFormatException(dir + " is not a Quarry store (nothing there to open read-only)");
            } else {
                Files.createDirectories(dir);
                StoreFormat.write(dir);
            }
            QuadStore store = new QuadStore(dir, options);
            // Only now, holding RocksDB's lock: a second open must not wipe a running load's files.
            try {
                deleteRecursively(dir.resolve("tmp"));
            } catch (IOException e) {
                store.close();
                throw e;
            }
            return store;
        } catch (IOException e) {
            throw new StoreException("cannot open store " + dir + ": " + e.getMessage(), e);
        }
    }

    public static QuadStore open(Path dir) {
        return open(dir, StoreOptions.defaults());
    }

    /**
     * Turns a store of format 2, 3 or 4 into this build's format in place: from format 2, one
     * atomic range delete of the default graph's keys in each graph-first index (their files
     * dropped or compacted away); from 2 or 3, the dictionary entries of terms that hold an IRI
     * ending in a delimiter rewritten with format 4's bytes, in atomic batches, then the format-4
     * marker; from any, TERM2ID dropped and written again from ID2TERM, keyed by the terms'
     * hashes, in atomic batches; then the new marker. Killed before a marker is written, the
     * store says the format before that step and the upgrade can run again (each step finds
     * only what is left to do, or starts over).
     *
     * @return false if the store already is of this build's format (nothing done)
     * @throws StoreFormatException if {@code dir} is not a store of format 2 to 5
     * @throws StoreLockedException if the store is open elsewhere
     */
    public static boolean upgrade(Path dir) {
        return upgrade(dir, n -> { });
    }

    /** As {@link #upgrade(Path)}; {@code termsRewritten} is told the dictionary entries rewritten so far (all steps) after each batch. */
    public static boolean upgrade(Path dir, LongConsumer termsRewritten) {
        return StoreFormat.upgrade(dir, termsRewritten);
    }

    /**
     * Reads the store's blocks into the block cache until it holds {@code budgetBytes} or
     * {@code stop} says so; returns the keys read (see {@link RocksKv#preloadBlockCache}). The
     * dictionary first, then the rest in key order: a query reads a dictionary block for each
     * term it names or returns, and an index block for many keys of a scan. In key order, a
     * fresh 25 M-triple store's budget (half a 3 GB cache) was spent on the indexes before the
     * dictionary, and block reads of term look-ups were ~11 % of a first official run's CPU
     * samples (bench/results/2026-11-29-first-run-jit-25m/).
     */
    public long preloadBlockCache(long budgetBytes, java.util.function.BooleanSupplier stop) {
        byte[] dictionary = {KeyLayout.TAG_ID2TERM};
        byte[] afterDictionary = KeyLayout.prefixEnd(new byte[] {KeyLayout.TAG_TERM2ID}); // ID2TERM, then TERM2ID
        return kv.preloadBlockCache(List.of(new RocksKv.KeyRange(dictionary, afterDictionary),
                new RocksKv.KeyRange(new byte[0], dictionary),
                new RocksKv.KeyRange(afterDictionary, null)), budgetBytes, stop);
    }

    public Path directory() {
        return dir;
    }

    public StoreOptions options() {
        return options;
    }

    public TermDictionary dictionary() {
        return dictionary;
    }

    public PrefixDictionary prefixes() {
        return prefixes;
    }

    /** A directory for scratch files of bulk loads; emptied every time the store opens. */
    public Path tempDirectory() {
        Path tmp = dir.resolve("tmp");
        try {
            Files.createDirectories(tmp);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return tmp;
    }

    // ------------------------------------------------------------------ reads

    /** A snapshot of the store as of now. */
    public ReadView newReadView() {
        checkOpen();
        // Under viewLock: a DROP ALL commit cannot fall between taking the snapshot and the
        // term-cache epoch (a pre-drop snapshot paired with the post-drop epoch would cache
        // dropped ids for later readers), nor drop files while the snapshot is being taken.
        // Tables of a version are shared by its views, so a view gets them only if its
        // snapshot holds exactly that version: no commit was under way around the snapshot.
        synchronized (viewLock) {
            long started = writesStarted.get();
            long v = version.get();
            KvSnapshot snapshot = kv.snapshot();
            boolean exact = started == v && writesStarted.get() == started;
            return new ReadView(snapshot, dictionary, dictionary.epoch(), v, statsCache, exact ? predicateTables : null);
        }
    }

    /** Waits until the predicate tables asked for so far are read or given up (for tests). */
    void awaitTableReads() {
        if (predicateTables != null) {
            predicateTables.awaitReads();
        }
    }

    /** The heap the predicates held in memory for joins take now ({@link QuadReader#predicateTable}). */
    public long predicateTableBytes() {
        return predicateTables == null ? 0 : predicateTables.bytes();
    }

    /** Counts bumped by every commit, load and drop. */
    public long version() {
        return version.get();
    }

    // ------------------------------------------------------------------ writes

    /** Starts the write transaction, waiting for the current writer to finish. */
    public WriteTransaction beginWrite() {
        checkWritable();
        writerLock.lock();
        return startWrite();
    }

    /**
     * Starts a write transaction only if no writer is active and the store has not
     * changed since {@code expectedVersion} (promotion of a reader); null otherwise.
     */
    public WriteTransaction tryBeginWrite(long expectedVersion) {
        checkWritable();
        if (!writerLock.tryLock()) {
            return null;
        }
        if (version.get() != expectedVersion) {
            writerLock.unlock();
            return null;
        }
        return startWrite();
    }

    private WriteTransaction startWrite() {
        try {
            checkOpen();
            return new WriteTransaction(this, dictionary, kv.newBatch());
        } catch (RuntimeException e) {
            writerLock.unlock();
            throw e;
        }
    }

    void commit(KvBatch batch, boolean droppedAll) {
        prefixes.writeUnwritten(); // before the data that may use them, in the same WAL the commit syncs
        if (!droppedAll) {
            writeCounted(batch);
            return;
        }
        synchronized (viewLock) {
            writeCounted(batch);
            dictionary.newEpoch();
            dropFilesOfDroppedData();
        }
        background.submit(this::reclaimDropped);
    }

    /** Writes a commit between the two counters {@link #newReadView} compares (the version moves on also on failure). */
    private void writeCounted(KvBatch batch) {
        writesStarted.incrementAndGet();
        try {
            kv.write(batch);
        } finally {
            version.incrementAndGet();
        }
    }

    /**
     * Drops the files that only hold dropped data, now, under the writer lock: later they
     * could also hold data written after the drop. Skipped while a reader's snapshot is
     * open, since it may still read them; the background compaction then does the work.
     */
    private void dropFilesOfDroppedData() {
        if (kv.openSnapshots() != 0) {
            return;
        }
        try {
            kv.deleteFilesUnder(DROP_RANGES);
        } catch (RuntimeException e) {
            LOG.warn("dropping files after DROP ALL (compaction will reclaim the space): {}", e.getMessage());
        }
    }

    void endWrite() {
        writerLock.unlock();
    }

    /** Deletes everything; time does not grow with the data. Space is reclaimed in the background. */
    public void dropAll() {
        try (WriteTransaction txn = beginWrite()) {
            txn.dropAll();
            txn.commit();
        }
    }

    private void reclaimDropped() {
        if (closed) {
            return;
        }
        try {
            kv.reclaim(DROP_RANGES);
        } catch (RuntimeException e) {
            if (!closed) {
                LOG.warn("reclaiming space after DROP ALL: {}", e.getMessage());
            }
        }
    }

    // ------------------------------------------------------------------ bulk

    /**
     * Holds the writer lock for a bulk load (see {@link BulkSession}): updates wait until
     * the load commits or aborts, readers go on with their snapshots.
     */
    public BulkSession beginBulk() {
        checkWritable();
        writerLock.lock();
        try {
            checkOpen();
            return new BulkSession(this, kv, dictionary);
        } catch (RuntimeException e) {
            writerLock.unlock();
            throw e;
        }
    }

    /** A bulk load's files are about to be ingested ({@link #bulkCommitted} follows, also on failure). */
    void bulkCommitting() {
        writesStarted.incrementAndGet();
    }

    void bulkCommitted() {
        version.incrementAndGet();
    }

    // ------------------------------------------------------------------ job records

    /**
     * Stores (or replaces) the record of a loader job, durably and at once, outside any
     * transaction: job records describe loads, they are not data, so they neither wait
     * for the writer lock (a running load updates its own record) nor go with DROP ALL.
     */
    public void putJobRecord(String id, byte[] record) {
        checkWritable();
        try (KvBatch b = kv.newBatch()) {
            b.put(KeyLayout.jobKey(id), record);
            kv.write(b);
        }
    }

    /** Removes the records of loader jobs (an id without a record is ignored), in one durable write. */
    public void deleteJobRecords(java.util.Collection<String> ids) {
        checkWritable();
        try (KvBatch b = kv.newBatch()) {
            for (String id : ids) {
                b.delete(KeyLayout.jobKey(id));
            }
            kv.write(b);
        }
    }

    /** Every job record, by id in key order. */
    public Map<String, byte[]> jobRecords() {
        checkOpen();
        Map<String, byte[]> out = new LinkedHashMap<>();
        try (KvIterator it = kv.scan(new byte[] {KeyLayout.TAG_JOB})) {
            while (it.next()) {
                out.put(KeyLayout.jobId(it.key()), it.value());
            }
        }
        return out;
    }

    // ------------------------------------------------------------------ statistics

    /** Statistics as of now. */
    public StoreStats stats() {
        try (ReadView view = newReadView()) {
            return stats(view);
        }
    }

    /** Statistics as {@code view} sees them. */
    public StoreStats stats(ReadView view) {
        Map<Node, Long> graphs = new LinkedHashMap<>();
        Map<Node, Long> predicates = new LinkedHashMap<>();
        Map<Node, Long> subjects = new LinkedHashMap<>();
        Map<Node, Long> objects = new LinkedHashMap<>();
        long quads = 0, terms = 0;
        try (KvIterator it = view.snapshot().scan(new byte[] {KeyLayout.TAG_STAT})) {
            while (it.next()) {
                byte[] k = it.key();
                long id = KeyLayout.getLong(k, 2);
                long n = KeyLayout.getLong(it.value(), 0);
                switch (k[1]) {
                    case KeyLayout.STAT_GRAPH -> graphs.put(
                            id == TermId.DEFAULT_GRAPH ? Quad.defaultGraphIRI : view.decode(id), n);
                    case KeyLayout.STAT_PREDICATE -> predicates.put(view.decode(id), n);
                    case KeyLayout.STAT_PREDICATE_SUBJECTS -> subjects.put(view.decode(id), n);
                    case KeyLayout.STAT_PREDICATE_OBJECTS -> objects.put(view.decode(id), n);
                    case KeyLayout.STAT_TOTAL -> {
                        if (id == KeyLayout.TOTAL_QUADS) {
                            quads = n;
                        } else if (id == KeyLayout.TOTAL_TERMS) {
                            terms = n;
                        }
                    }
                    default -> { }
                }
            }
        }
        Map<Node, StoreStats.DistinctCounts> distinct = new LinkedHashMap<>();
        subjects.forEach((p, n) -> distinct.put(p, new StoreStats.DistinctCounts(n, objects.getOrDefault(p, 0L))));
        return new StoreStats(quads, terms, graphs, predicates, distinct);
    }

    /**
     * Computes the query planner's statistics that the store may lack or only estimate
     * (distinct subjects and objects per predicate) from the indexes, and commits them.
     * Holds the writer lock while it walks two indexes (time grows with the data).
     */
    public void analyze() {
        try (WriteTransaction w = beginWrite(); ReadView view = newReadView()) {
            w.setDistinctCounts(StatisticsAnalyzer.distinctCounts(view.snapshot()));
            w.commit();
        }
    }

    /** Bytes the store takes on disk (live SST files plus write-ahead log), as RocksDB reports it. */
    public long diskBytes() {
        long sst = kv.longProperty("rocksdb.live-sst-files-size");
        return Math.max(0, sst) + sizeOf(dir.resolve("db"), ".log");
    }

    /** Native memory the engine holds, by part (block cache, memtables, table readers), in bytes. */
    public Map<String, Long> engineMemory() {
        return kv.memoryUsage();
    }

    /** RocksDB counters for metrics. */
    public Map<String, Long> engineCounters() {
        return kv.tickers();
    }

    private static long sizeOf(Path dir, String suffix) {
        try (var s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(suffix)).mapToLong(p -> p.toFile().length()).sum();
        } catch (IOException e) {
            return 0;
        }
    }

    // ------------------------------------------------------------------ backup

    /**
     * Writes a copy of the store into the new directory {@code target} (a store of its own,
     * openable with {@link #open}) while reads and writes go on: every commit acknowledged
     * before the call is in it; a bulk load still running is not (it is invisible until
     * it commits). SST files are hard-linked when {@code target} is on the same filesystem.
     * Built in a hidden sibling directory and renamed into place at the end, so a failure
     * leaves no {@code target}. The copy is opened once before the rename: that proves it
     * opens, and its statistics give the count returned.
     *
     * @return the number of quads in the backup
     * @throws StoreException if {@code target} exists or the copy fails
     */
    public long backup(Path target) {
        checkOpen();
        Path absolute = target.toAbsolutePath().normalize();
        if (Files.exists(absolute, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            throw new StoreException("backup target " + target + " already exists; give a new directory");
        }
        Path parent = absolute.getParent();
        Path partial = parent.resolve("." + absolute.getFileName() + ".partial-" + ProcessHandle.current().pid());
        long quads;
        try {
            Files.createDirectories(parent);
            Files.createDirectory(partial);
            try {
                StoreFormat.write(partial);
                kv.checkpoint(partial.resolve("db"));
                try (QuadStore copy = new QuadStore(partial, StoreOptions.defaults().withBlockCacheBytes(BACKUP_CHECK_CACHE_BYTES))) {
                    quads = copy.stats().quads();
                }
                Files.move(partial, absolute, StandardCopyOption.ATOMIC_MOVE);
            } catch (RuntimeException | IOException e) {
                deleteRecursively(partial);
                throw e;
            }
        } catch (IOException e) {
            throw new StoreException("cannot back up store " + dir + " into " + target + ": " + e, e);
        }
        LOG.info("backed up store {} into {}: {} quads", dir, target, quads);
        return quads;
    }

    // ------------------------------------------------------------------ lifecycle

    private void checkOpen() {
        if (closed) {
            throw new StoreException("store " + dir + " is closed");
        }
    }

    private void checkWritable() {
        checkOpen();
        if (options.readOnly()) {
            throw new StoreException("store " + dir + " is open read-only");
        }
    }

    /** Closes the store; waits for the current writer. Background space reclamation is stopped. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        writerLock.lock();
        try {
            closed = true;
            if (predicateTables != null) {
                predicateTables.close(); // a table read in the background holds a snapshot
            }
            kv.stopManualCompactions();
            background.shutdown();
            try {
                background.awaitTermination(1, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            kv.close();
        } finally {
            writerLock.unlock();
        }
    }

    static void deleteRecursively(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (var walk = Files.walk(p)) {
            for (Path f : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        }
    }
}
