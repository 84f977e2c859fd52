package dev.quarry.store;

import dev.quarry.store.dict.TermDictionary;
import dev.quarry.store.encoding.TermId;
import dev.quarry.store.rocks.KvSnapshot;
import org.apache.jena.graph.Node;

/** A consistent read-only view of the store at one moment. Cheap; close it when done. */
public final class ReadView implements QuadReader, AutoCloseable {
    private final KvSnapshot snapshot;
    private final TermDictionary dictionary;
    private final TermDictionary.Epoch epoch;
    private final long version;

    private final StatsCache statsCache;
    private final QuadEstimates.Stats stats;
    /** The tables of this view's version; null if the view may see more or less than that version (a commit was under way). */
    private final PredicateTables tables;

    ReadView(KvSnapshot snapshot, TermDictionary dictionary, TermDictionary.Epoch epoch, long version,
             StatsCache statsCache, PredicateTables tables) {
        this.statsCache = statsCache;
        this.tables = tables;
        this.stats = (kind, id) -> statsCache.count(kind, id, version, snapshot);
        this.snapshot = snapshot;
        this.dictionary = dictionary;
        this.epoch = epoch;
        this.version = version;
    }

    @Override
    public QuadCursor find(long s, long p, long o, long g) {
        return IndexCursor.open(snapshot, s, p, o, g);
    }

    @Override
    public QuadCursor openCursor(int varying) {
        return IndexCursor.open(snapshot, varying);
    }

    @Override
    public long estimate(long s, long p, long o, long g, int cap) {
        return statsCache.estimate(s, p, o, g, cap, version,
                () -> QuadEstimates.estimate(snapshot, stats, s, p, o, g, cap));
    }

    @Override
    public long estimateObjectRange(long p, long g, long oFrom, long oTo) {
        return QuadEstimates.estimateObjectRange(snapshot, stats, p, g, oFrom, oTo);
    }

    @Override
    public PredicateStats predicateStats(long p) {
        return statsCache.predicate(p, version, snapshot);
    }

    @Override
    public PredicateTable predicateTable(PredicateTable.Key keyedBy, long p, long g, int seeks) {
        if (tables == null || g == TermId.NONE || g == TermId.ANY_NAMED_GRAPH || p == TermId.NONE) {
            return null;
        }
        return tables.get(version, keyedBy, p, g, seeks, predicateStats(p).quads(), () -> find(TermId.NONE, p, TermId.NONE, g));
    }

    @Override
    public java.util.List<Long> namedGraphs() {
        return QuadReaderGraphs.namedGraphs(snapshot);
    }

    @Override
    public long lookup(Node node) {
        return dictionary.lookup(node, snapshot, epoch);
    }

    @Override
    public Node decode(long id) {
        return dictionary.decode(id, snapshot);
    }

    /** Whether this view gets the tables of its version: its snapshot holds exactly that version. */
    boolean holdsTables() {
        return tables != null;
    }

    /** The store's commit counter when this view was taken (for promoting a read to a write). */
    public long version() {
        return version;
    }

    KvSnapshot snapshot() {
        return snapshot;
    }

    /** Raw key-value reads on this snapshot, for the validator. */
    public dev.quarry.store.rocks.KvReader kvReader() {
        return snapshot;
    }

    @Override
    public void close() {
        snapshot.close();
    }
}
