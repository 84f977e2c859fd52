package dev.quarry.store.rocks;

import dev.quarry.store.error.StoreException;
import dev.quarry.store.error.StoreLockedException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.rocksdb.AbstractEventListener;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.Checkpoint;
import org.rocksdb.CompactionJobInfo;
import org.rocksdb.CompactionPriority;
import org.rocksdb.CompressionOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.FlushJobInfo;
import org.rocksdb.FlushOptions;
import org.rocksdb.HistogramType;
import org.rocksdb.IndexType;
import org.rocksdb.IngestExternalFileOptions;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksIterator;
import org.rocksdb.RocksDBException;
import org.rocksdb.Slice;
import org.rocksdb.Statistics;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * The one wrapper around RocksDB: every {@code org.rocksdb} type stays in this
 * package, and every {@link RocksDBException} becomes a {@link StoreException} here
 * (see {@link #fail}). The store is one column family of tagged keys (see
 * {@code KeyLayout}), so one ingest call is atomic across all key spaces.
 *
 * <p>Native objects are owned by this class and closed in reverse order of opening.
 */
public final class RocksKv implements KvReader, AutoCloseable {
    static {
        NativeLibrary.load();
    }

    /**
     * ZSTD level 1 for the last level (every bulk file): on the dictionary files of a BSBM 5 M load
     * it writes 32 % faster than RocksDB's default level and the files come out 1 % smaller
     * (long literals in 16 KiB blocks); quad keys compress the same either way (docs/loader-merge.md).
     * Options copy it, so one instance serves every Options object.
     */
    private static final CompressionOptions BOTTOMMOST_ZSTD = new CompressionOptions().setLevel(1).setEnabled(true);

    /** RocksDB's info logs (db/LOG and its predecessors) kept in a store. */
    static final int KEPT_INFO_LOGS = 5;

    private final Path dir;
    private final LRUCache blockCache;
    private final BloomFilter bloom;
    private final Statistics statistics;
    private final Options options;
    private final WriteOptions writeOptions;
    private final WriteOptions unsyncedWriteOptions = new WriteOptions().setSync(false);
    private final AbstractEventListener filesChanged = new FilesChangedListener();
    private final RocksDB db;
    /** The snapshot new views share until the store changes (see {@link SharedSnapshot}); null when none. */
    private final Object shareLock = new Object();
    private SharedSnapshot shared;

    private RocksKv(Path dir, long blockCacheBytes, boolean sync) {
        this.dir = dir;
        // Index and filter blocks go to the cache's high-priority half: a query touching
        // data blocks all over the store must not evict them, or every read after a miss
        // reloads a file's whole index or filter (megabytes) instead of one data block.
        this.blockCache = new LRUCache(blockCacheBytes, -1, false, 0.5);
        this.bloom = new BloomFilter(10, false); // standaloneSstWriter builds the same filter
        // Tickers only (all that tickers() reads): with histograms, every Get and Seek is also
        // timed into one, ~1.5 % of a query worker's CPU on the BSBM mix (async-profiler).
        this.statistics = new Statistics(EnumSet.allOf(HistogramType.class));
        BlockBasedTableConfig table = tableConfig(blockCache).setFilterPolicy(bloom);
        this.options = new Options()
                .setCreateIfMissing(true)
                .setTableFormatConfig(table)
                .setCompressionType(CompressionType.LZ4_COMPRESSION)
                .setBottommostCompressionType(CompressionType.ZSTD_COMPRESSION)
                .setBottommostCompressionOptions(BOTTOMMOST_ZSTD)
                .setCompactionPriority(CompactionPriority.MinOverlappingRatio)
                .setLevelCompactionDynamicLevelBytes(true)
                // No bloom filter on the last level (most of a bulk-loaded store): point
                // reads there are mostly dictionary reads of ids that exist, which a filter
                // cannot skip, and quad reads are prefix scans, which do not use whole-key
                // filters. (Measured on the query mix; the price is paid by loads into a
                // non-empty store, whose lookups of new terms read an index partition.)
                .setOptimizeFiltersForHits(true)
                .setMaxBackgroundJobs(Math.max(2, Runtime.getRuntime().availableProcessors()))
                .setBytesPerSync(1 << 20)
                .setWriteBufferSize(64L << 20)
                // RocksDB starts an info log per open and keeps 1,000 old ones: a store that is
                // opened often (a server restarted, loads, verify) gathered hundreds of LOG.old files.
                .setKeepLogFileNum(KEPT_INFO_LOGS)
                .setListeners(List.of(filesChanged))
                .setStatistics(statistics);
        this.writeOptions = new WriteOptions().setSync(sync);
        RocksDB opened;
        try {
            opened = RocksDB.open(options, dir.toString());
        } catch (RocksDBException e) {
            closeOptions();
            String msg = String.valueOf(e.getMessage());
            if (msg.contains("lock") || msg.contains("LOCK")) {
                throw new StoreLockedException("store " + dir.getParent() + " is in use by another process (" + msg + ")", e);
            }
            throw fail("cannot open store at " + dir, e);
        }
        this.db = opened;
    }

    /**
     * The table layout of every file: bulk loads write one large file per index. With a
     * monolithic index and filter block per file, a block cache smaller than the data keeps
     * evicting and re-reading megabyte-sized filter blocks on random reads (measured: a 1 M-quad
     * verify went from minutes to seconds). Partitioned filters and a two-level index keep only
     * small top-level blocks pinned and page the rest like data blocks.
     */
    private static BlockBasedTableConfig tableConfig(LRUCache blockCache) {
        return new BlockBasedTableConfig()
                .setBlockCache(blockCache)
                .setBlockSize(16 * 1024)
                .setIndexType(IndexType.kTwoLevelIndexSearch)
                .setPartitionFilters(true)
                .setMetadataBlockSize(4096)
                .setCacheIndexAndFilterBlocks(true)
                .setCacheIndexAndFilterBlocksWithHighPriority(true)
                .setPinTopLevelIndexAndFilter(true)
                .setPinL0FilterAndIndexBlocksInCache(true);
    }

    /** Options of a bulk file of the store: its table layout and compression. */
    private static Options sstOptions(BlockBasedTableConfig table) {
        return new Options()
                .setTableFormatConfig(table)
                .setCompressionType(CompressionType.LZ4_COMPRESSION)
                .setBottommostCompressionType(CompressionType.ZSTD_COMPRESSION)
                .setBottommostCompressionOptions(BOTTOMMOST_ZSTD);
    }

    /**
     * A writer of one bulk file with no store open (a file built elsewhere, e.g. on a cluster, and
     * ingested later): the same table layout, compression and, if {@code filtered}, the same bloom
     * filter as {@link #newSstWriter} / {@link #newUnfilteredSstWriter} of an open store.
     */
    public static KvSstWriter standaloneSstWriter(Path file, boolean filtered) {
        if (!filtered) {
            return new JavaSstWriter(file);
        }
        LRUCache cache = new LRUCache(1 << 20);
        BloomFilter filter = new BloomFilter(10, false);
        Options options = sstOptions(tableConfig(cache).setFilterPolicy(filter));
        return new NativeSstWriter(options, file, List.of(options, filter, cache));
    }

    /**
     * Opens (creating if missing) the RocksDB directory {@code dir}.
     *
     * @param sync whether each write waits for fsync of the write-ahead log
     */
    public static RocksKv open(Path dir, long blockCacheBytes, boolean sync) {
        return new RocksKv(dir, blockCacheBytes, sync);
    }

    public Path directory() {
        return dir;
    }

    // ------------------------------------------------------------------ reads

    /** The latest committed value of {@code key}, or null. */
    @Override
    public byte[] get(byte[] key) {
        try {
            return db.get(key);
        } catch (RocksDBException e) {
            throw fail("read failed", e);
        }
    }

    /**
     * A consistent point-in-time view; close it to release it. Views taken while nothing is
     * written share one RocksDB snapshot and its idle iterators.
     */
    public KvSnapshot snapshot() {
        synchronized (shareLock) {
            SharedSnapshot s = shared;
            if (s == null || !s.acquire()) {
                s = new SharedSnapshot(db);
                s.acquire();
                shared = s;
            }
            return new KvSnapshot(db, s);
        }
    }

    /**
     * After every write and every change of files: views taken from now on see it. (The
     * write is visible before this returns, so a view taken after the write call returns
     * never reads the shared snapshot from before it.)
     */
    private void retireShared() {
        synchronized (shareLock) {
            if (shared != null) {
                shared.retire();
                shared = null;
            }
        }
    }

    /**
     * Retires the shared snapshot when a background flush or compaction replaced files: its
     * idle iterators would keep the replaced files on disk. RocksDB calls this without its
     * database mutex held, so closing idle iterators here cannot deadlock.
     */
    private final class FilesChangedListener extends AbstractEventListener {
        FilesChangedListener() {
            super(EnabledEventCallback.ON_FLUSH_COMPLETED, EnabledEventCallback.ON_COMPACTION_COMPLETED);
        }

        @Override
        public void onFlushCompleted(RocksDB db, FlushJobInfo info) {
            retireShared();
        }

        @Override
        public void onCompactionCompleted(RocksDB db, CompactionJobInfo info) {
            retireShared();
        }
    }

    /** Iterates the latest committed keys starting with {@code prefix}, in key order. */
    @Override
    public KvIterator scan(byte[] prefix) {
        return KvIterator.over(db, null, prefix);
    }

    @Override
    public KvCursor cursor() {
        return KvCursor.latest(db);
    }

    /** The greatest committed key starting with {@code prefix}, or null if there is none. */
    public byte[] lastKey(byte[] prefix) {
        byte[] end = KvIterator.prefixEnd(prefix);
        try (RocksIterator it = db.newIterator()) {
            if (end == null) {
                it.seekToLast();
            } else {
                it.seekForPrev(end);
                if (it.isValid() && java.util.Arrays.equals(it.key(), end)) {
                    it.prev();
                }
            }
            if (!it.isValid()) {
                return null;
            }
            byte[] k = it.key();
            return java.util.Arrays.equals(k, 0, Math.min(k.length, prefix.length), prefix, 0, prefix.length)
                    && k.length >= prefix.length ? k : null;
        }
    }

    @Override
    public long approximateBytes(byte[] prefix) {
        return approximateBytes(db, prefix);
    }

    @Override
    public long approximateBytes(byte[] from, byte[] to) {
        return approximateBytes(db, from, to);
    }

    static long approximateBytes(RocksDB db, byte[] prefix) {
        return approximateBytes(db, prefix, KvIterator.prefixEnd(prefix));
    }

    /** Keys in {@code [fromKey, toKey)}; a null {@code toKey} (the end of a prefix of 0xFF bytes) is the end of all keys. */
    static long approximateBytes(RocksDB db, byte[] fromKey, byte[] toKey) {
        try (Slice from = new Slice(fromKey); Slice to = new Slice(toKey != null ? toKey : new byte[] {(byte) 0xFF, (byte) 0xFF})) {
            return db.getApproximateSizes(java.util.List.of(new org.rocksdb.Range(from, to)),
                    org.rocksdb.SizeApproximationFlag.INCLUDE_FILES, org.rocksdb.SizeApproximationFlag.INCLUDE_MEMTABLES)[0];
        }
    }

    /** Keys from {@code from} (inclusive) to {@code to} (exclusive; null: to the end of all keys). */
    public record KeyRange(byte[] from, byte[] to) {}

    /**
     * Reads the keys of {@code ranges}, one range after the other, each in key order, keeping
     * the blocks they are in in the block cache, until the cache holds {@code budgetBytes}, the
     * keys end or {@code stop} says so; returns how many keys were read. For a server's start: a
     * query's first touch of a block otherwise reads and decompresses it (BSBM 5 M, a fresh
     * server's first official run: Q11 0.62 ms against 0.38 with the store read in first, 3.3 s
     * for its 18 M keys).
     */
    public long preloadBlockCache(List<KeyRange> ranges, long budgetBytes, java.util.function.BooleanSupplier stop) {
        long n = 0;
        for (KeyRange range : ranges) {
            try (Slice upper = range.to() == null ? null : new Slice(range.to());
                 ReadOptions ro = new ReadOptions().setFillCache(true).setReadaheadSize(2 << 20);
                 RocksIterator it = db.newIterator(upper == null ? ro : ro.setIterateUpperBound(upper))) {
                for (it.seek(range.from()); it.isValid(); it.next()) {
                    if ((++n & 0xFFF) == 0 && (blockCache.getUsage() >= budgetBytes || stop.getAsBoolean())) {
                        return n;
                    }
                }
            }
        }
        return n;
    }

    // ------------------------------------------------------------------ writes

    /** A write batch that can also be read (its own writes over the latest committed state). */
    public KvBatch newBatch() {
        return new KvBatch(db);
    }

    /** Applies {@code batch} atomically through the write-ahead log. */
    public void write(KvBatch batch) {
        try {
            batch.writeTo(db, writeOptions);
        } catch (RocksDBException e) {
            throw fail("write failed", e);
        } finally {
            retireShared();
        }
    }

    /**
     * Puts a few small entries atomically through the write-ahead log, without waiting
     * for fsync: the WAL is sequential, so the next synced commit makes them durable
     * too, and any commit that depends on them comes after them.
     */
    public void putAllUnsynced(List<byte[]> keysAndValues) {
        try (WriteBatch b = new WriteBatch()) {
            for (int i = 0; i < keysAndValues.size(); i += 2) {
                b.put(keysAndValues.get(i), keysAndValues.get(i + 1));
            }
            db.write(unsyncedWriteOptions, b);
        } catch (RocksDBException e) {
            throw fail("write failed", e);
        } finally {
            retireShared();
        }
    }

    /**
     * Deletes every key in each {@code [from, to)} range in one atomic write of range
     * tombstones: constant time whatever the data. The space is reclaimed later by
     * {@link #reclaim}.
     */
    public void deleteRanges(List<byte[][]> ranges, List<byte[]> putsAfter) {
        try (WriteBatch b = new WriteBatch()) {
            for (byte[][] r : ranges) {
                b.deleteRange(r[0], r[1]);
            }
            for (int i = 0; i < putsAfter.size(); i += 2) {
                b.put(putsAfter.get(i), putsAfter.get(i + 1));
            }
            db.write(writeOptions, b);
        } catch (RocksDBException e) {
            throw fail("range delete failed", e);
        } finally {
            retireShared();
        }
    }

    /**
     * Drops the files that lie wholly inside the ranges: fast, no rewriting. Only safe right
     * after {@link #deleteRanges} while no other write can come in (the store's writer lock)
     * and no snapshot is open ({@link #openSnapshots}): RocksDB deletes such files by key
     * range alone, whatever their age, and snapshots taken before do not keep them.
     */
    public void deleteFilesUnder(List<byte[][]> ranges) {
        try {
            List<byte[]> flat = new ArrayList<>();
            for (byte[][] r : ranges) {
                flat.add(r[0]);
                flat.add(r[1]);
            }
            db.deleteFilesInRanges(db.getDefaultColumnFamily(), flat, false);
        } catch (RocksDBException e) {
            throw fail("dropping files failed", e);
        } finally {
            retireShared();
        }
    }

    /** How many snapshots are open now. */
    public long openSnapshots() {
        return longProperty("rocksdb.num-snapshots");
    }

    /**
     * Compacts the ranges so the data their range tombstones cover is dropped from disk
     * (slow; run in the background). Safe at any time: compaction honours sequence
     * numbers and snapshots, so data written after the tombstones stays.
     */
    public void reclaim(List<byte[][]> ranges) {
        try {
            for (byte[][] r : ranges) {
                db.compactRange(r[0], r[1]);
            }
        } catch (RocksDBException e) {
            throw fail("space reclamation failed", e);
        }
    }

    // ------------------------------------------------------------------ bulk

    /** A writer of one sorted SST file; keys must be added in strictly increasing order. */
    public KvSstWriter newSstWriter(Path file) {
        return new NativeSstWriter(options, file);
    }

    /**
     * As {@link #newSstWriter}, without a (bloom) filter: for keys only scanned or read when they
     * exist (a filter there costs time and space and skips nothing; docs/loader-merge.md).
     * Written in Java ({@link JavaSstWriter}): the same table layout and compression as the
     * store's files, without RocksDB's per-key cost through JNI.
     */
    public KvSstWriter newUnfilteredSstWriter(Path file) {
        return new JavaSstWriter(file);
    }

    /**
     * Ingests all {@code files} in one atomic step: either all become visible or none.
     * Files are moved (hard-linked) into the store, not copied.
     */
    public void ingest(List<Path> files) {
        if (files.isEmpty()) {
            return;
        }
        List<String> names = files.stream().map(Path::toString).toList();
        try (IngestExternalFileOptions opts = new IngestExternalFileOptions()
                .setMoveFiles(true)
                .setSnapshotConsistency(true)
                .setAllowGlobalSeqNo(true)
                .setAllowBlockingFlush(true)) {
            db.ingestExternalFile(names, opts);
        } catch (RocksDBException e) {
            throw fail("ingest of " + files.size() + " files failed", e);
        } finally {
            retireShared();
        }
    }

    /** Makes everything written so far durable (flushes memtables to files). */
    public void flush() {
        try (FlushOptions fo = new FlushOptions().setWaitForFlush(true)) {
            db.flush(fo);
            db.flushWal(true);
        } catch (RocksDBException e) {
            throw fail("flush failed", e);
        }
    }

    /** Syncs the write-ahead log to disk. */
    public void syncWal() {
        try {
            db.flushWal(true);
        } catch (RocksDBException e) {
            throw fail("WAL sync failed", e);
        }
    }

    /**
     * Writes a consistent copy of the open database into {@code target}, which must not
     * exist: RocksDB's checkpoint flushes the memtables, hard-links the SST files (copies
     * them if {@code target} is on another filesystem) and copies the manifest, options and
     * live log, so it holds every write committed before the call. Reads and writes go on.
     */
    public void checkpoint(Path target) {
        try (Checkpoint cp = Checkpoint.create(db)) {
            cp.createCheckpoint(target.toString());
        } catch (RocksDBException e) {
            throw fail("checkpoint into " + target + " failed", e);
        }
    }

    // ------------------------------------------------------------------ introspection

    /** A RocksDB property as a number, or -1 if it is not known. */
    public long longProperty(String name) {
        try {
            return db.getLongProperty(name);
        } catch (RocksDBException e) {
            return -1;
        }
    }

    /**
     * Native memory RocksDB holds, by part, in bytes: the block cache (and its pinned share),
     * the memtables and the table readers outside the cache; -1 where a figure is not known.
     * These are the parts that grow with the store or the cache, the figures to watch to tell
     * a full cache from a leak.
     */
    public java.util.Map<String, Long> memoryUsage() {
        java.util.Map<String, Long> m = new java.util.LinkedHashMap<>();
        m.put("block_cache", blockCache.getUsage());
        m.put("block_cache_pinned", blockCache.getPinnedUsage());
        m.put("memtables", longProperty("rocksdb.cur-size-all-mem-tables"));
        m.put("table_readers", longProperty("rocksdb.estimate-table-readers-mem"));
        return m;
    }

    /** RocksDB's ticker statistics as name/value pairs (for metrics). */
    public java.util.Map<String, Long> tickers() {
        java.util.Map<String, Long> m = new java.util.LinkedHashMap<>();
        for (org.rocksdb.TickerType t : new org.rocksdb.TickerType[] {
                org.rocksdb.TickerType.BLOCK_CACHE_HIT, org.rocksdb.TickerType.BLOCK_CACHE_MISS,
                org.rocksdb.TickerType.BYTES_WRITTEN, org.rocksdb.TickerType.BYTES_READ,
                org.rocksdb.TickerType.NUMBER_KEYS_WRITTEN, org.rocksdb.TickerType.NUMBER_KEYS_READ,
                org.rocksdb.TickerType.COMPACT_READ_BYTES, org.rocksdb.TickerType.COMPACT_WRITE_BYTES}) {
            m.put(t.name().toLowerCase(java.util.Locale.ROOT), statistics.getTickerCount(t));
        }
        return m;
    }

    /** Makes running and future manual compactions return early (before close). */
    public void stopManualCompactions() {
        db.abortAllCompactions();
    }

    static StoreException fail(String what, RocksDBException e) {
        String status = e.getStatus() != null ? e.getStatus().getCodeString() : "";
        return new StoreException(what + ": " + e.getMessage() + (status.isEmpty() ? "" : " [" + status + "]"), e);
    }

    @Override
    public void close() {
        retireShared();
        try {
            db.syncWal();
        } catch (RocksDBException ignored) {
            // closing anyway; the WAL was synced per commit if sync was requested
        }
        db.close();
        closeOptions();
    }

    private void closeOptions() {
        writeOptions.close();
        unsyncedWriteOptions.close();
        options.close();
        statistics.close();
        filesChanged.close();
        bloom.close();
        blockCache.close();
    }
}
