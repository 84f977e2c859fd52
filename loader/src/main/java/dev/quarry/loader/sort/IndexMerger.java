package dev.quarry.loader.sort;

import dev.quarry.store.BulkSession;
import dev.quarry.store.SstFileBuilder;
import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.Permutation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Merges the runs of one index (or of one key range of it) into one SST file, dropping
 * duplicates across runs.
 * The SPOG merge checks each distinct quad against the committed store (unless the store
 * is empty). Statistics (quads per graph and predicate) are counted by the SPOG merge when
 * it checks the store (only quads new to it count), else by the POSG merge (an index that
 * holds every quad, the default graph's too), whose order keeps a predicate's quads
 * together, so counting is mostly one comparison a quad.
 * The SPOG and POSG merges also count the distinct subjects, resp. objects, of every
 * predicate (a new (s, p), resp. (p, o), pair between neighbouring keys), which the query
 * planner's estimates need: exact for a load into an empty store.
 * A merge may cover one {@link KeyRange} of the index ({@link KeyRangePlanner}); the
 * statistics of the ranges add up, and so do their {@link SpogCounts}.
 * The k-way merge is {@link DistinctKeys}, apart from the per-index work here (see the
 * merge loops below for why they are two methods).
 */
public final class IndexMerger {
    /** What the SPOG merge found. */
    public record SpogCounts(long distinct, long alreadyInStore, long added) {
        public static final SpogCounts NONE = new SpogCounts(0, 0, 0);

        /** The counts of two ranges of the SPOG merge together. */
        public SpogCounts plus(SpogCounts o) {
            return new SpogCounts(distinct + o.distinct, alreadyInStore + o.alreadyInStore, added + o.added);
        }
    }

    private IndexMerger() {}

    /**
     * Merges {@code perm}'s runs into a file of the session; returns it (null if empty).
     * For POSG, counts statistics when the SPOG merge does not ({@link #statsInPosg}).
     */
    public static Path merge(SortedRunSpool store, Permutation perm, BulkSession session, boolean checkStore,
                             BooleanSupplier cancelled) {
        return merge(store, perm, KeyRange.ALL, session, checkStore, cancelled);
    }

    /** As {@link #merge(SortedRunSpool, Permutation, BulkSession, boolean, BooleanSupplier)}, for the keys in {@code range}. */
    public static Path merge(SortedRunSpool store, Permutation perm, KeyRange range, BulkSession session,
                             boolean checkStore, BooleanSupplier cancelled) {
        boolean stats = perm == Permutation.POSG && statsInPosg(checkStore);
        return run(store, perm, range, session, false, stats, cancelled).file;
    }

    /** Merges SPOG, checking each distinct quad against the store when {@code checkStore} (and then counting statistics). */
    public static SpogResult mergeSpog(SortedRunSpool store, BulkSession session, boolean checkStore, BooleanSupplier cancelled) {
        return mergeSpog(store, KeyRange.ALL, session, checkStore, cancelled);
    }

    /** As {@link #mergeSpog(SortedRunSpool, BulkSession, boolean, BooleanSupplier)}, for the keys in {@code range}. */
    public static SpogResult mergeSpog(SortedRunSpool store, KeyRange range, BulkSession session, boolean checkStore,
                                       BooleanSupplier cancelled) {
        return run(store, Permutation.SPOG, range, session, checkStore, !statsInPosg(checkStore), cancelled);
    }

    /** Without a store check every distinct quad is new, so the POSG merge can count them, off the SPOG merge's thread. */
    private static boolean statsInPosg(boolean checkStore) {
        return !checkStore;
    }

    /** The SPOG file and its counts. */
    public record SpogResult(Path file, SpogCounts counts) {}

    private static SpogResult run(SortedRunSpool store, Permutation perm, KeyRange range, BulkSession session,
                                  boolean checkStore, boolean countStats, BooleanSupplier cancelled) {
        List<RunReader> readers = new ArrayList<>();
        for (SortedRun r : store.runs(perm)) {
            readers.add(r.reader(range));
        }
        boolean spog = perm == Permutation.SPOG;
        PairCounter stats = countStats ? new PairCounter() : null;
        // (0, predicate) -> new leading pairs: SPOG's (s, p) are distinct subjects, POSG's (p, o) distinct objects.
        PairCounter distinctPairs = spog || perm == Permutation.POSG ? new PairCounter() : null;
        boolean lookup = spog && checkStore;
        // Only SPOG is point-read for quads that may be missing (an update's existence check): the others need no filter.
        String label = perm.name().toLowerCase(java.util.Locale.ROOT);
        try (SstFileBuilder out = spog ? session.newFile(label) : session.newUnfilteredFile(label);
             BulkSession.CommittedQuads committed = lookup ? session.committedQuads() : null) {
            DistinctKeys keys = new DistinctKeys(readers);
            long inStore = 0;
            if (distinctPairs == null) {
                copy(keys, perm, out, cancelled);
            } else {
                // A counter that drops its counts rather than none: see copyCounting.
                inStore = copyCounting(keys, perm, out, committed, stats != null ? stats : PairCounter.discarding(),
                        distinctPairs, cancelled);
            }
            long distinct = out.entries();
            Path file = out.finish();
            if (countStats) {
                stats.forEach(session::countQuads);
            }
            if (distinctPairs != null) {
                distinctPairs.forEach((zero, predicate, n) -> session.countDistinct(predicate, spog ? n : 0, spog ? 0 : n));
            }
            return new SpogResult(file, new SpogCounts(distinct, inStore, distinct - inStore));
        } finally {
            readers.forEach(RunReader::close);
        }
    }

    /*
     * The merge loops are methods of their own, one per kind of index, each with nothing that
     * changes from call to call: one loop for every index, with the per-index work behind
     * flags, was compiled by C2 seven or eight times in a BSBM 5 M load (0.7 CPU-seconds, JFR
     * jdk.Compilation): a call for another index failed the checks C2 had hoisted out of the
     * loop for the one before ("profile_predicate" deoptimisations), and each compiled method
     * was thrown away after the loop (an uncommon trap at the result's allocation).
     */

    /** Writes every distinct key of an index that counts nothing. */
    private static void copy(DistinctKeys keys, Permutation perm, SstFileBuilder out, BooleanSupplier cancelled) {
        byte[] key = new byte[KeyLayout.QUAD_KEY_LENGTH];
        long n = 0;
        while (keys.next()) {
            KeyLayout.writeSlotKey(perm, keys.key(), key);
            out.add(key);
            if ((++n & 0xFFFF) == 0 && cancelled.getAsBoolean()) {
                throw new java.util.concurrent.CancellationException("load cancelled");
            }
        }
    }

    /**
     * Writes every distinct key of SPOG or POSG, counting (graph, predicate) pairs of the quads
     * new to the store in {@code stats} and each new leading pair's predicate in {@code pairs};
     * returns how many were in the store already ({@code committed} null: none). {@code stats}
     * is never null, so that SPOG's and POSG's calls take the same branches.
     */
    private static long copyCounting(DistinctKeys keys, Permutation perm, SstFileBuilder out,
                                     BulkSession.CommittedQuads committed, PairCounter stats, PairCounter pairs,
                                     BooleanSupplier cancelled) {
        // Slots of P and G in this index's key; SPOG's slots are the positions S, P, O, G.
        int slotP = perm.slotOf(Permutation.P), slotG = perm.slotOf(Permutation.G);
        byte[] key = new byte[KeyLayout.QUAD_KEY_LENGTH];
        long pair0 = 0, pair1 = 0;
        boolean anyPair = false;
        long n = 0, inStore = 0;
        while (keys.next()) {
            long[] k = keys.key();
            if (committed != null && committed.contains(k)) {
                inStore++;
            } else {
                stats.add(k[slotG], k[slotP]);
                if (!anyPair || k[0] != pair0 || k[1] != pair1) {
                    pair0 = k[0];
                    pair1 = k[1];
                    anyPair = true;
                    pairs.add(0, k[slotP]);
                }
            }
            KeyLayout.writeSlotKey(perm, k, key);
            out.add(key);
            if ((++n & 0xFFFF) == 0 && cancelled.getAsBoolean()) {
                throw new java.util.concurrent.CancellationException("load cancelled");
            }
        }
        return inStore;
    }
}
