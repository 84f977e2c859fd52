package dev.quarry.loader.stage;

import dev.quarry.loader.progress.StageTimes.Stage;
import dev.quarry.loader.sort.IndexMerger;
import dev.quarry.store.encoding.Permutation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;

/**
 * Merge: waits for the spool's last spill, then emits SST files, one per index from its sorted
 * runs and two from the dictionary: eight independent files on the worker count's threads,
 * the longest first so the threads finish together.
 */
final class MergeStage {
    private final LoadRun run;
    private final CommitGroup group;
    private final LoadTally tally;
    private final RunControl control;
    private final List<Future<?>> mergers = new ArrayList<>();
    private final List<Path> files = new ArrayList<>();
    private volatile IndexMerger.SpogResult spog;

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
        ConcurrentLinkedQueue<Callable<List<Path>>> tasks = new ConcurrentLinkedQueue<>();
        tasks.add(timed(Stage.DICTIONARY_WRITE, group.dictionary::writeTermToId));
        tasks.add(timed(Stage.INDEX_WRITE, () -> {
            spog = IndexMerger.mergeSpog(group.runs, group.session, checkStore, stop);
            return one(spog.file());
        }));
        tasks.add(timed(Stage.DICTIONARY_WRITE, group.dictionary::writeIdToTerm));
        for (Permutation p : Permutation.values()) {
            if (p != Permutation.SPOG) {
                tasks.add(timed(Stage.INDEX_WRITE, () -> one(IndexMerger.merge(group.runs, p, group.session, checkStore, stop))));
            }
        }
        for (int i = 0; i < Math.max(1, run.budget().workers()); i++) {
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

    /** Waits for every merge; returns the files and what the SPOG merge counted. */
    Merged finish() {
        control.await(mergers);
        synchronized (files) {
            return new Merged(List.copyOf(files), spog.counts());
        }
    }

    record Merged(List<Path> files, IndexMerger.SpogCounts spog) {}

    /** {@code task}, its time added to {@code stage}. */
    private Callable<List<Path>> timed(Stage stage, Callable<List<Path>> task) {
        return () -> {
            long start = System.nanoTime();
            try {
                return task.call();
            } finally {
                tally.counters.stages.since(stage, start);
            }
        };
    }

    private static List<Path> one(Path p) {
        return p == null ? List.of() : List.of(p);
    }
}
