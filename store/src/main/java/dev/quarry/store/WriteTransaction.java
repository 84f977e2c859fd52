package dev.quarry.store;

import dev.quarry.store.dict.TermDictionary;
import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermId;
import dev.quarry.store.rocks.KvBatch;
import java.util.HashMap;
import java.util.Map;
import org.apache.jena.graph.Node;

/**
 * The one write transaction of the store at a time. Writes go to a batch that reads
 * see; {@link #commit} applies it atomically through the write-ahead log (and waits
 * for the disk if the store syncs commits). Statistics are kept current in the same
 * write. Not thread-safe: one thread drives a transaction.
 */
public final class WriteTransaction implements QuadReader, AutoCloseable {
    private static final byte[] EMPTY = new byte[0];

    private final QuadStore store;
    private final TermDictionary dictionary;
    private final KvBatch batch;
    private final Map<Long, Long> graphDelta = new HashMap<>();
    private final Map<Long, Long> predicateDelta = new HashMap<>();
    /** Per predicate whose distinct counts the store keeps: {subjects delta, objects delta}. */
    private final Map<Long, long[]> distinctDelta = new HashMap<>();
    private long totalDelta;
    private long termsDelta;
    private boolean droppedAll;
    private boolean done;
    private final boolean[] created = new boolean[1];
    private final long[] quad = new long[4];

    WriteTransaction(QuadStore store, TermDictionary dictionary, KvBatch batch) {
        this.store = store;
        this.dictionary = dictionary;
        this.batch = batch;
    }

    // ------------------------------------------------------------------ reads

    @Override
    public QuadCursor find(long s, long p, long o, long g) {
        checkOpen();
        return IndexCursor.open(batch, s, p, o, g);
    }

    @Override
    public QuadCursor openCursor(int varying) {
        checkOpen();
        return IndexCursor.open(batch, varying);
    }

    @Override
    public long estimate(long s, long p, long o, long g, int cap) {
        return QuadEstimates.estimate(batch, QuadEstimates.direct(batch), s, p, o, g, cap);
    }

    @Override
    public long estimateObjectRange(long p, long g, long oFrom, long oTo) {
        return QuadEstimates.estimateObjectRange(batch, QuadEstimates.direct(batch), p, g, oFrom, oTo);
    }

    @Override
    public PredicateStats predicateStats(long p) {
        return QuadEstimates.predicateStats(batch, p);
    }

    @Override
    public java.util.List<Long> namedGraphs() {
        return QuadReaderGraphs.namedGraphs(batch);
    }

    @Override
    public long lookup(Node node) {
        checkOpen();
        return dictionary.lookup(node, batch, null);
    }

    @Override
    public Node decode(long id) {
        return dictionary.decode(id, batch);
    }

    // ------------------------------------------------------------------ writes

    /** Adds a quad ({@code g} is a graph node or null / Quad.defaultGraphIRI for the default graph). */
    public boolean add(Node g, Node s, Node p, Node o) {
        checkOpen();
        long gid = g == null ? TermId.DEFAULT_GRAPH : id(g);
        return add(id(s), id(p), id(o), gid);
    }

    private long id(Node n) {
        created[0] = false;
        long id = dictionary.getOrCreate(n, batch, created);
        if (created[0]) {
            termsDelta++;
        }
        return id;
    }

    /** Adds a quad of ids; returns false if it was already there. */
    public boolean add(long s, long p, long o, long g) {
        checkOpen();
        quad[0] = s;
        quad[1] = p;
        quad[2] = o;
        quad[3] = g;
        if (batch.get(KeyLayout.quadKey(Permutation.SPOG, quad)) != null) {
            return false;
        }
        long[] distinct = distinctDelta(p);
        boolean newSubject = distinct != null && !hasAny(s, p, TermId.NONE);
        boolean newObject = distinct != null && !hasAny(TermId.NONE, p, o);
        for (Permutation perm : Permutation.writtenFor(g)) {
            batch.put(KeyLayout.quadKey(perm, quad), EMPTY);
        }
        count(g, p, +1);
        if (newSubject) {
            distinct[0]++;
        }
        if (newObject) {
            distinct[1]++;
        }
        return true;
    }

    /** Deletes a quad of nodes; returns false if it was not there. */
    public boolean delete(Node g, Node s, Node p, Node o) {
        checkOpen();
        long gid = g == null ? TermId.DEFAULT_GRAPH : lookup(g);
        long sid = lookup(s), pid = lookup(p), oid = lookup(o);
        if (gid == TermId.NONE || sid == TermId.NONE || pid == TermId.NONE || oid == TermId.NONE) {
            return false;
        }
        return delete(sid, pid, oid, gid);
    }

    /** Deletes a quad of ids; returns false if it was not there. */
    public boolean delete(long s, long p, long o, long g) {
        checkOpen();
        quad[0] = s;
        quad[1] = p;
        quad[2] = o;
        quad[3] = g;
        if (batch.get(KeyLayout.quadKey(Permutation.SPOG, quad)) == null) {
            return false;
        }
        for (Permutation perm : Permutation.writtenFor(g)) {
            batch.delete(KeyLayout.quadKey(perm, quad));
        }
        count(g, p, -1);
        long[] distinct = distinctDelta(p);
        if (distinct != null) {
            if (!hasAny(s, p, TermId.NONE)) {
                distinct[0]--;
            }
            if (!hasAny(TermId.NONE, p, o)) {
                distinct[1]--;
            }
        }
        return true;
    }

    /**
     * Sets the distinct subject and object counts of predicates (predicate id -> {subjects,
     * objects}) to what an analysis of the committed store found; they are kept current
     * from then on.
     */
    void setDistinctCounts(Map<Long, long[]> counts) {
        checkOpen();
        for (Map.Entry<Long, long[]> e : counts.entrySet()) {
            batch.put(KeyLayout.statKey(KeyLayout.STAT_PREDICATE_SUBJECTS, e.getKey()), KeyLayout.longBytes(e.getValue()[0]));
            batch.put(KeyLayout.statKey(KeyLayout.STAT_PREDICATE_OBJECTS, e.getKey()), KeyLayout.longBytes(e.getValue()[1]));
            distinctDelta.remove(e.getKey());
        }
    }

    /**
     * The distinct-count deltas of predicate {@code p}, or null if the store does not keep
     * them for it (a store loaded before they existed: counting from zero would mislead the
     * planner; `quarry stats --analyze` computes them).
     */
    private long[] distinctDelta(long p) {
        long[] d = distinctDelta.get(p);
        if (d == null && !distinctDelta.containsKey(p)) {
            boolean kept = batch.get(KeyLayout.statKey(KeyLayout.STAT_PREDICATE_SUBJECTS, p)) != null
                    || batch.get(KeyLayout.statKey(KeyLayout.STAT_PREDICATE, p)) == null;
            d = kept ? new long[2] : null;
            distinctDelta.put(p, d);
        }
        return d;
    }

    /** Whether any quad (in any graph) matches the pattern, this transaction's writes included. */
    private boolean hasAny(long s, long p, long o) {
        try (QuadCursor c = IndexCursor.open(batch, s, p, o, TermId.NONE)) {
            return c.next();
        }
    }

    private void count(long g, long p, long delta) {
        graphDelta.merge(g, delta, Long::sum);
        predicateDelta.merge(p, delta, Long::sum);
        totalDelta += delta;
    }

    /**
     * Deletes every quad and term, in time that does not grow with the data: range
     * tombstones, written with this transaction's later writes at commit; the space is
     * reclaimed in the background after the commit.
     */
    public void dropAll() {
        checkOpen();
        batch.dropRanges(QuadStore.DROP_RANGES);
        graphDelta.clear();
        predicateDelta.clear();
        distinctDelta.clear();
        totalDelta = 0;
        termsDelta = 0;
        droppedAll = true;
    }

    // ------------------------------------------------------------------ end

    /** Applies all writes atomically and durably, then ends the transaction. */
    public void commit() {
        checkOpen();
        try {
            applyStatistics();
            batch.put(KeyLayout.metaKey(KeyLayout.META_NEXT_ID), KeyLayout.longBytes(dictionary.nextSequence()));
            store.commit(batch, droppedAll);
        } finally {
            finish();
        }
    }

    private void applyStatistics() {
        for (Map.Entry<Long, Long> e : graphDelta.entrySet()) {
            addToCounter(KeyLayout.statKey(KeyLayout.STAT_GRAPH, e.getKey()), e.getValue());
        }
        for (Map.Entry<Long, Long> e : predicateDelta.entrySet()) {
            addToCounter(KeyLayout.statKey(KeyLayout.STAT_PREDICATE, e.getKey()), e.getValue());
        }
        for (Map.Entry<Long, long[]> e : distinctDelta.entrySet()) {
            if (e.getValue() != null) {
                addToCounter(KeyLayout.statKey(KeyLayout.STAT_PREDICATE_SUBJECTS, e.getKey()), e.getValue()[0]);
                addToCounter(KeyLayout.statKey(KeyLayout.STAT_PREDICATE_OBJECTS, e.getKey()), e.getValue()[1]);
            }
        }
        if (totalDelta != 0 || droppedAll) {
            addToCounter(KeyLayout.statKey(KeyLayout.STAT_TOTAL, KeyLayout.TOTAL_QUADS), totalDelta);
        }
        if (termsDelta != 0 || droppedAll) {
            addToCounter(KeyLayout.statKey(KeyLayout.STAT_TOTAL, KeyLayout.TOTAL_TERMS), termsDelta);
        }
    }

    private void addToCounter(byte[] key, long delta) {
        byte[] v = batch.get(key);
        long now = (v == null ? 0 : KeyLayout.getLong(v, 0)) + delta;
        if (now == 0) {
            batch.delete(key);
        } else {
            batch.put(key, KeyLayout.longBytes(now));
        }
    }

    /** Discards all writes and ends the transaction. */
    public void abort() {
        if (!done) {
            finish();
        }
    }

    public boolean isActive() {
        return !done;
    }

    private void finish() {
        done = true;
        batch.close();
        store.endWrite();
    }

    private void checkOpen() {
        if (done) {
            throw new IllegalStateException("transaction has ended");
        }
    }

    /** Aborts if neither committed nor aborted. */
    @Override
    public void close() {
        abort();
    }
}
