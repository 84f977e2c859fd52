package dev.quarry.store;

import dev.quarry.store.error.StoreException;

import dev.quarry.store.dict.TermDictionary;
import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermId;
import dev.quarry.store.rocks.KvIterator;
import dev.quarry.store.rocks.RocksKv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A bulk load's hold on the store: the writer lock (so the committed state is stable
 * while the load runs), a scratch directory, id reservation, and one atomic commit that
 * ingests every file of the load together with statistics, the id sequence and feed
 * records. Until {@link #commit}, nothing of the load is visible; {@link #close} without
 * a commit leaves the store exactly as it was.
 */
public final class BulkSession implements AutoCloseable {
    private final QuadStore store;
    private final RocksKv kv;
    private final TermDictionary dictionary;
    private final Path scratch;
    private final AtomicInteger fileCounter = new AtomicInteger();
    private final Map<Long, Long> graphDelta = new HashMap<>();
    private final Map<Long, Long> predicateDelta = new HashMap<>();
    private final Map<Long, long[]> distinctDelta = new HashMap<>();
    private final TreeMap<String, byte[]> feeds = new TreeMap<>();
    private long quadsDelta;
    private long termsDelta;
    private boolean done;

    BulkSession(QuadStore store, RocksKv kv, TermDictionary dictionary) {
        this.store = store;
        this.kv = kv;
        this.dictionary = dictionary;
        try {
            this.scratch = Files.createTempDirectory(store.tempDirectory(), "load-");
        } catch (IOException e) {
            throw new StoreException("cannot create a scratch directory in " + store.tempDirectory() + ": " + e.getMessage(), e);
        }
    }

    /** A scratch directory of this load, deleted when the session ends (and on the next open after a crash). */
    public Path scratchDirectory() {
        return scratch;
    }

    public TermDictionary dictionary() {
        return dictionary;
    }

    /** The committed id of a term given its term bytes ({@code TermCodec}), or {@link TermId#NONE}. */
    public long committedId(byte[] termBytes) {
        return TermDictionary.storedId(kv, termBytes, () -> dictionary.codec().decode(termBytes).toString()); // the load would store it
    }

    /** The committed value of {@code key} (a statistics or META key), or null. */
    public byte[] committedValue(byte[] key) {
        return kv.get(key);
    }

    /**
     * A cursor over the committed SPOG index for asking, in increasing SPOG order,
     * whether quads are already in the store: a merge walk along the index (a few steps,
     * then a seek for a longer gap) instead of one point read per quad.
     */
    public CommittedQuads committedQuads() {
        return new CommittedQuads(kv.scan(new byte[] {KeyLayout.TAG_SPOG}));
    }

    /** See {@link #committedQuads()}. Queries must come in strictly increasing SPOG order. */
    public static final class CommittedQuads implements AutoCloseable {
        private static final int STEPS_BEFORE_SEEK = 8;
        private final KvIterator it;
        private byte[] current;
        private boolean ended;

        private CommittedQuads(KvIterator it) {
            this.it = it;
            advance();
        }

        /** Whether the committed store has {@code quad} (in (s, p, o, g) positions). */
        public boolean contains(long[] quad) {
            byte[] key = KeyLayout.quadKey(Permutation.SPOG, quad);
            for (int steps = 0; !ended && Arrays.compareUnsigned(current, key) < 0; steps++) {
                if (steps == STEPS_BEFORE_SEEK) {
                    it.seek(key);
                }
                advance();
            }
            return !ended && Arrays.equals(current, key);
        }

        private void advance() {
            if (it.next()) {
                current = it.key();
            } else {
                ended = true;
            }
        }

        @Override
        public void close() {
            it.close();
        }
    }

    /** True if the committed store has no quad at all (then no duplicate checks are needed). */
    public boolean isEmpty() {
        try (KvIterator it = kv.scan(new byte[] {KeyLayout.TAG_SPOG})) {
            return !it.next();
        }
    }

    /** Reserves {@code n} new dictionary ids; returns the first (ids are {@code first .. first + n - 1}). */
    public long reserveIds(long n) {
        return TermId.dictionaryId(dictionary.reserveSequences(n));
    }

    /** A new sorted file in the scratch directory. */
    public SstFileBuilder newFile(String label) {
        return new SstFileBuilder(kv.newSstWriter(scratchFile(label)));
    }

    /**
     * A new sorted file without a bloom filter, for key spaces that are only scanned or
     * point-read for keys that exist (a filter there costs time and space and skips nothing).
     */
    public SstFileBuilder newUnfilteredFile(String label) {
        return new SstFileBuilder(kv.newUnfilteredSstWriter(scratchFile(label)));
    }

    private Path scratchFile(String label) {
        return scratch.resolve(label + "-" + fileCounter.incrementAndGet() + ".sst");
    }

    /** Adds statistics deltas of the load (called by the loader as it finds new quads). */
    public synchronized void countQuads(long graph, long predicate, long n) {
        graphDelta.merge(graph, n, Long::sum);
        predicateDelta.merge(predicate, n, Long::sum);
        quadsDelta += n;
    }

    /**
     * Adds to the distinct subjects and objects of a predicate (the planner's statistics):
     * the pairs new to this load, so exact for a load into an empty store and an upper
     * bound otherwise (a pair may already be in the store with another third term).
     */
    public synchronized void countDistinct(long predicate, long subjects, long objects) {
        long[] d = distinctDelta.computeIfAbsent(predicate, k -> new long[2]);
        d[0] += subjects;
        d[1] += objects;
    }

    /** Adds to the count of new dictionary terms. */
    public synchronized void countTerms(long n) {
        termsDelta += n;
    }

    /** Records a loaded feed (a source file), committed with the load. */
    public synchronized void recordFeed(String feed, byte[] record) {
        feeds.put(feed, record);
    }

    /** Whether a feed was recorded by an earlier committed load (for RESUME mode). */
    public boolean feedCommitted(String feed) {
        return kv.get(KeyLayout.tagged(KeyLayout.TAG_FEED, feed.getBytes(java.nio.charset.StandardCharsets.UTF_8))) != null;
    }

    /**
     * Ingests {@code files} plus this session's statistics, id sequence and feed records
     * in one atomic step: after it returns the whole load is visible; if it throws,
     * none of it is.
     */
    public synchronized void commit(List<Path> files) {
        check();
        store.prefixes().writeUnwritten();
        kv.syncWal(); // namespaces this load created were written unsynced: make them durable first
        List<Path> all = new ArrayList<>(files);
        all.addAll(metadataFiles());
        store.bulkCommitting();
        try {
            kv.ingest(all);
        } finally {
            store.bulkCommitted();
        }
        close();
    }

    private List<Path> metadataFiles() {
        List<Path> out = new ArrayList<>();
        // META: the id sequence.
        try (SstFileBuilder meta = newFile("meta")) {
            meta.add(KeyLayout.metaKey(KeyLayout.META_NEXT_ID), KeyLayout.longBytes(dictionary.nextSequence()));
            addIfNotEmpty(out, meta.finish());
        }
        // STAT: committed counts plus this load's deltas, in key order.
        TreeMap<byte[], byte[]> stats = new TreeMap<>(Arrays::compareUnsigned);
        graphDelta.forEach((g, n) -> addCount(stats, KeyLayout.statKey(KeyLayout.STAT_GRAPH, g), n));
        predicateDelta.forEach((p, n) -> addCount(stats, KeyLayout.statKey(KeyLayout.STAT_PREDICATE, p), n));
        distinctDelta.forEach((p, d) -> {
            byte[] subjects = KeyLayout.statKey(KeyLayout.STAT_PREDICATE_SUBJECTS, p);
            // A store loaded before distinct counts existed has the predicate without them: adding
            // this load's pairs to nothing would mislead the planner (`quarry stats --analyze` computes them).
            if (kv.get(subjects) != null || kv.get(KeyLayout.statKey(KeyLayout.STAT_PREDICATE, p)) == null) {
                addCount(stats, subjects, d[0]);
                addCount(stats, KeyLayout.statKey(KeyLayout.STAT_PREDICATE_OBJECTS, p), d[1]);
            }
        });
        addCount(stats, KeyLayout.statKey(KeyLayout.STAT_TOTAL, KeyLayout.TOTAL_QUADS), quadsDelta);
        addCount(stats, KeyLayout.statKey(KeyLayout.STAT_TOTAL, KeyLayout.TOTAL_TERMS), termsDelta);
        try (SstFileBuilder f = newFile("stats")) {
            stats.forEach(f::add);
            addIfNotEmpty(out, f.finish());
        }
        try (SstFileBuilder f = newFile("feeds")) {
            feeds.forEach((name, rec) -> f.add(
                    KeyLayout.tagged(KeyLayout.TAG_FEED, name.getBytes(java.nio.charset.StandardCharsets.UTF_8)), rec));
            addIfNotEmpty(out, f.finish());
        }
        return out;
    }

    private void addCount(TreeMap<byte[], byte[]> stats, byte[] key, long delta) {
        byte[] v = kv.get(key);
        long now = (v == null ? 0 : KeyLayout.getLong(v, 0)) + delta;
        stats.put(key, KeyLayout.longBytes(now));
    }

    private static void addIfNotEmpty(List<Path> out, Path p) {
        if (p != null) {
            out.add(p);
        }
    }

    private void check() {
        if (done) {
            throw new IllegalStateException("bulk session has ended");
        }
    }

    /** Ends the session; without a commit, nothing of the load becomes visible. Deletes scratch files. */
    @Override
    public synchronized void close() {
        if (done) {
            return;
        }
        done = true;
        try {
            QuadStore.deleteRecursively(scratch);
        } catch (IOException ignored) {
            // deleted on the next open
        } finally {
            store.endWrite();
        }
    }
}
