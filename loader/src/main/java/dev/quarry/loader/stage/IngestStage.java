package dev.quarry.loader.stage;

import dev.quarry.loader.progress.StageTimes;
import java.util.List;

/**
 * Ingest: records the group's feeds (for RESUME) and commits the merged files in one atomic
 * step; the last point where a failure or a cancel leaves the store as it was.
 */
final class IngestStage {
    private final LoadRun run;
    private final CommitGroup group;
    private final LoadTally tally;
    private final RunControl control;

    IngestStage(StageContext context) {
        this.run = context.run();
        this.group = context.group();
        this.tally = context.tally();
        this.control = context.control();
    }

    /** Commits and adds what the commit added to the tally. */
    void commit(MergeStage.Merged merged) {
        List<FeedState> feeds = group.feeds();
        for (FeedState f : feeds) {
            group.session.recordFeed(f.name, f.record());
        }
        tally.counters.phase("committing");
        run.listener().progress(tally.counters.snapshot());
        tally.counters.sampleHeap();
        run.faults().at(StageFaults.Stage.INGEST);
        control.tick(); // a cancel seen now still commits nothing
        long start = System.nanoTime();
        group.session.commit(merged.files());
        tally.counters.stages.since(StageTimes.Stage.INGEST, start);
        tally.counters.committed();
        tally.newQuads += merged.spog().added();
        tally.newTerms += group.dictionary.newTerms();
        tally.feedsCommitted += feeds.size();
        tally.commits++;
        tally.spilledRuns += group.runs.spilledRuns();
        run.listener().progress(tally.counters.snapshot());
        run.listener().feedsCommitted(feeds.stream().map(f -> f.name).toList());
    }
}
