package dev.quarry.loader.encode;

import dev.quarry.store.BulkSession;
import dev.quarry.store.SstFileBuilder;
import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.TermHash;
import dev.quarry.store.encoding.TermId;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The dictionary of one bulk load: hash-partitioned {@link DictionaryShard}s, shared by
 * all workers. Terms already in the store keep their committed ids (looked up once per
 * load, skipped when the store is empty); new terms get ids reserved from the store.
 * {@link #writeTermToId} and {@link #writeIdToTerm} write every shard's new terms as one TERM2ID
 * and one ID2TERM file; the two are independent, so they can run on two threads.
 */
public final class LoadDictionary implements TermIds, AutoCloseable {
    private final BulkSession session;
    private final Path scratch;
    private final boolean storeEmpty;
    private final DictionaryShard[] shards;
    private final int shardShift;
    private final AtomicInteger spills = new AtomicInteger();
    private final long budgetBytes;
    /**
     * Heap for sorting the TERM2ID records (48 bytes a term while sorted). The sort runs early in
     * the merge, with the shards and the sorted runs still in the heap: at BSBM 25 M, sorted
     * whole in memory (6.4 M terms, ~300 MB), it made the load's peak RSS, G1 growing the heap
     * ~150 MB for it. Past this, it sorts one bucket file at a time (16 at 25 M: ~150 MB of
     * scratch I/O, no slower; bench/results/2026-11-29-load-term-sort-budget/).
     */
    static final long TERM_SORT_BYTES = 64L << 20;

    /**
     * @param budgetBytes heap for all shards together (arenas and tables); each shard spills past its share
     * @param shardCount  a power of two; more shards, less contention. Fewer are used when the
     *                    budget is small, so each shard keeps at least 1 MB and spills rarely.
     */
    public LoadDictionary(BulkSession session, Path scratch, boolean storeEmpty, long budgetBytes, int shardCount) {
        if (Integer.bitCount(shardCount) != 1) {
            throw new IllegalArgumentException("shard count must be a power of two: " + shardCount);
        }
        this.session = session;
        this.scratch = scratch;
        this.storeEmpty = storeEmpty;
        this.budgetBytes = budgetBytes;
        while (shardCount > 1 && budgetBytes / shardCount < (1 << 20)) {
            shardCount /= 2;
        }
        this.shards = new DictionaryShard[shardCount];
        this.shardShift = 64 - Integer.numberOfTrailingZeros(shardCount);
        long each = Math.max(16 << 10, budgetBytes / shardCount);
        for (int i = 0; i < shardCount; i++) {
            shards[i] = new DictionaryShard(this, i, each);
        }
    }

    @Override
    public long idOf(byte[] term, int off, int len, long hash) {
        int shard = shardShift == 64 ? 0 : (int) (hash >>> shardShift);
        return shards[shard].idOf(term, off, len, hash);
    }

    Path scratch() {
        return scratch;
    }

    long reserveIds(int n) {
        return session.reserveIds(n);
    }

    long committedId(byte[] t, int off, int len) {
        if (storeEmpty) {
            return TermId.NONE;
        }
        return session.committedId(off == 0 && len == t.length ? t : Arrays.copyOfRange(t, off, off + len));
    }

    void spilled() {
        spills.incrementAndGet();
    }

    /** How many times a shard spilled its terms to disk. */
    public int spillCount() {
        return spills.get();
    }

    public long newTerms() {
        long n = 0;
        for (DictionaryShard s : shards) {
            n += s.newTerms();
        }
        return n;
    }

    /** Writes this load's new terms as one TERM2ID file (and counts them); returns the file, if any. */
    public List<Path> writeTermToId() {
        List<Path> out = new ArrayList<>(1);
        session.countTerms(writeTermToId(out));
        return out;
    }

    /** Writes this load's new terms as one ID2TERM file; returns the file, if any. */
    public List<Path> writeIdToTerm() {
        List<Path> out = new ArrayList<>(1);
        writeIdToTerm(out);
        return out;
    }

    /**
     * TERM2ID is keyed by term hash (store format 5): each shard's new terms are walked in id
     * order (as for ID2TERM), hashed, and their (hash, id) records sorted; no merge by term bytes.
     * The sort holds at most {@link #TERM_SORT_BYTES}.
     */
    private long writeTermToId(List<Path> out) {
        long n = 0;
        try (TermHashSorter sorter = new TermHashSorter(scratch, newTerms(), Math.max(1 << 20, Math.min(TERM_SORT_BYTES, budgetBytes / 2)));
             SstFileBuilder f = session.newFile("term2id")) {
            for (DictionaryShard s : shards) {
                try (TermCursor c = s.cursorById()) {
                    while (c.next()) {
                        byte[] t = c.term();
                        long[] h = TermHash.of(t, 0, t.length);
                        sorter.add(h[0], h[1], c.id());
                        n++;
                    }
                }
            }
            sorter.forEachSorted((high, low, id) -> f.add(KeyLayout.term2idKey(high, low), KeyLayout.longBytes(id)));
            add(out, f.finish());
        }
        return n;
    }

    private void writeIdToTerm(List<Path> out) {
        List<TermCursor> all = new ArrayList<>();
        for (DictionaryShard s : shards) {
            all.add(s.cursorById());
        }
        try (TermCursor c = new MergedCursor(all, MergedCursor.BY_ID);
             SstFileBuilder f = session.newUnfilteredFile("id2term")) { // ids are looked up when they exist
            while (c.next()) {
                f.add(KeyLayout.id2termKey(c.id()), c.term());
            }
            add(out, f.finish());
        }
    }

    private static void add(List<Path> out, Path p) {
        if (p != null) {
            out.add(p);
        }
    }

    @Override
    public void close() {
        for (DictionaryShard s : shards) {
            s.close();
        }
    }
}
