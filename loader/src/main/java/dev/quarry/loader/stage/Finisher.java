package dev.quarry.loader.stage;

import dev.quarry.loader.sort.IndexMerger;
import dev.quarry.store.BulkSession;
import dev.quarry.store.encoding.Permutation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The last stage: waits for spills, merges the runs of each index and the dictionary
 * into SST files (eight independent files in parallel, the longest first),
 * records the feeds, and commits everything in one atomic ingest (one per load, or one
 * per feed group in RESUME mode; {@link Totals} sums them).
 */
final class Finisher {
    private final LoadPipeline load;
    private final BulkSession session;
    private final int threads;

    Finisher(LoadPipeline load, BulkSession session, int threads) {
        this.load = load;
        this.session = session;
        this.threads = threads;
    }

    /** What the commits of a load added, summed over its commits (one, or one per RESUME feed group). */
    static final class Totals {
        long newQuads;
        long newTerms;
        int feeds;
        int commits;
        int spilledRuns;

        void add(Totals commit) {
            newQuads += commit.newQuads;
            newTerms += commit.newTerms;
            feeds += commit.feeds;
            commits += commit.commits;
            spilledRuns += commit.spilledRuns;
        }
    }

    /** Merges, records {@code feeds} and commits; returns what this commit added. */
    Totals finish(List<FeedState> feeds) {
        load.counters.phase("merging");
        load.listener().progress(load.counters.snapshot());
        try {
            load.runs.finishSpills();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.util.concurrent.CancellationException("interrupted");
        }
        List<Path> files = new ArrayList<>();
        IndexMerger.SpogResult[] spog = new IndexMerger.SpogResult[1];
        boolean checkStore = !session.isEmpty();
        ConcurrentLinkedQueue<Callable<List<Path>>> tasks = new ConcurrentLinkedQueue<>();
        // Eight independent files, longest first so the threads finish together.
        tasks.add(() -> load.dictionary.writeTermToId());
        tasks.add(() -> {
            spog[0] = IndexMerger.mergeSpog(load.runs, session, checkStore, load.listener()::cancelled);
            return one(spog[0].file());
        });
        tasks.add(() -> load.dictionary.writeIdToTerm());
        for (Permutation p : Permutation.values()) {
            if (p != Permutation.SPOG) {
                tasks.add(() -> one(IndexMerger.merge(load.runs, p, session, checkStore, load.listener()::cancelled)));
            }
        }
        List<Thread> group = new ArrayList<>();
        for (int i = 0; i < Math.max(1, threads); i++) {
            Thread t = new Thread(() -> {
                try {
                    Callable<List<Path>> task;
                    while ((task = tasks.poll()) != null) {
                        load.checkRunning();
                        List<Path> out = task.call();
                        synchronized (files) {
                            files.addAll(out);
                        }
                    }
                } catch (Throwable e) {
                    load.fail(e);
                }
            }, "quarry-load-merge-" + i);
            t.setDaemon(true);
            t.start();
            group.add(t);
        }
        load.supervise(group);
        for (FeedState f : feeds) {
            session.recordFeed(f.name, f.record());
        }
        load.counters.phase("committing");
        load.listener().progress(load.counters.snapshot());
        load.counters.sampleHeap();
        session.commit(files);
        load.counters.phase("done");
        Totals added = new Totals();
        added.newQuads = spog[0].counts().added();
        added.newTerms = load.dictionary.newTerms();
        added.feeds = feeds.size();
        added.commits = 1;
        added.spilledRuns = load.runs.spilledRuns();
        load.listener().progress(load.counters.snapshot());
        return added;
    }

    private static List<Path> one(Path p) {
        return p == null ? List.of() : List.of(p);
    }
}
