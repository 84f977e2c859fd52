package dev.quarry.loader.stage;

import dev.quarry.loader.progress.StageTimes.Stage;
import dev.quarry.loader.sort.IndexMerger;
import dev.quarry.loader.sort.KeyRangePlanner;
import dev.quarry.store.encoding.Permutation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;

/**
 * Merge: waits for the spool's last spill, then emits SST files from the sorted runs and two
 * from the dictionary, on the worker count's threads. A large index is merged in several key
 * ranges ({@link KeyRangePlanner}), each into a file of its own (they do not overlap, so the
 * one ingest puts them all on the last level). The dictionary files go first, then the
 * ranges longest first, so the threads finish together.
 */
final class MergeStage {
    /** Key ranges an index's merge is cut into per worker (see {@link #start}). */
    private static final int RANGES_PER_WORKER = 2;
    private final LoadRun run;
    private final CommitGroup group;
    private final LoadTally tally;
    private final RunControl control;
    private final List<Future<?>> mergers = new ArrayList<>();
    private final List<Path> files = new ArrayList<>();
    private IndexMerger.SpogCounts spog = IndexMerger.SpogCounts.NONE;

    MergeStage(StageContext context) {
        this.run = context.run();
        this.group = context.group();
        this.tally = context.tally();
        this.control = context.control();
    }

    void start() {
        tally.counters.phase("merging");
        run.listener().progress(tally.counters.snapshot());
        try {
            group.runs.finishSpills();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        }
        boolean checkStore = !group.session.isEmpty();
        BooleanSupplier stop = () -> control.stopped() || run.listener().cancelled();
        int workers = Math.max(1, run.budget().workers());
        List<KeyRangePlanner.Part> parts = new ArrayList<>();
        for (Permutation p : Permutation.values()) {
            // Two ranges a worker, not one: the two dictionary files are single tasks three to
            // four times as long as such a range, and then one thread sat idle through the
            // other's last range (1.4 of the merge's 13.9 s at BSBM 25 M). One worker: whole.
            parts.addAll(KeyRangePlanner.plan(group.runs, p, workers == 1 ? 1 : RANGES_PER_WORKER * workers));
        }
        parts.sort(Comparator.comparingLong(KeyRangePlanner.Part::keys).reversed());
        ConcurrentLinkedQueue<Callable<List<Path>>> tasks = new ConcurrentLinkedQueue<>();
        long terms = group.dictionary.newTerms();
        long records = 2 * terms;
        tasks.add(timed(Stage.DICTIONARY_WRITE, terms, group.dictionary::writeTermToId));
        tasks.add(timed(Stage.DICTIONARY_WRITE, terms, group.dictionary::writeIdToTerm));
        for (KeyRangePlanner.Part part : parts) {
            records += part.keys();
            tasks.add(timed(Stage.INDEX_WRITE, part.keys(), () -> {
                if (part.perm() != Permutation.SPOG) {
                    return one(IndexMerger.merge(group.runs, part.perm(), part.range(), group.session, checkStore, stop));
                }
                IndexMerger.SpogResult r = IndexMerger.mergeSpog(group.runs, part.range(), group.session, checkStore, stop);
                synchronized (this) {
                    spog = spog.plus(r.counts());
                }
                return one(r.file());
            }));
        }
        tally.counters.mergeTotal(records);
        for (int i = 0; i < workers; i++) {
            mergers.add(control.start("merge-" + i, () -> mergeAll(tasks)));
        }
    }

    private void mergeAll(ConcurrentLinkedQueue<Callable<List<Path>>> tasks) {
        try {
            Callable<List<Path>> task;
            while ((task = tasks.poll()) != null) {
                control.checkRunning();
                run.faults().at(StageFaults.Stage.MERGE);
                List<Path> out = task.call();
                synchronized (files) {
                    files.addAll(out);
                }
            }
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** Waits for every merge; returns the files and what the SPOG merges counted. */
    Merged finish() {
        control.await(mergers);
        synchronized (files) {
            synchronized (this) {
                return new Merged(List.copyOf(files), spog);
            }
        }
    }

    record Merged(List<Path> files, IndexMerger.SpogCounts spog) {}

    /** {@code task}, its time added to {@code stage} and its {@code records} to the merge's progress when it is done. */
    private Callable<List<Path>> timed(Stage stage, long records, Callable<List<Path>> task) {
        return () -> {
            long start = System.nanoTime();
            try {
                List<Path> out = task.call();
                tally.counters.merged.add(records);
                return out;
            } finally {
                tally.counters.stages.since(stage, start);
            }
        };
    }

    private static List<Path> one(Path p) {
        return p == null ? List.of() : List.of(p);
    }
}
