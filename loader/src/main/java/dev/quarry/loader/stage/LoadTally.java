package dev.quarry.loader.stage;

import dev.quarry.loader.LoadReport;
import dev.quarry.loader.progress.LoadCounters;
import java.util.concurrent.atomic.AtomicInteger;

/** What a load has done so far, summed over its commits: the counters the stages add to and the report reads. */
final class LoadTally {
    final LoadCounters counters = new LoadCounters();
    final ErrorCollector errors;
    final AtomicInteger feedNumbers = new AtomicInteger();
    final AtomicInteger feedsSkipped = new AtomicInteger();
    final AtomicInteger entriesSkipped = new AtomicInteger();
    long newQuads;
    long newTerms;
    int feedsCommitted;
    int commits;
    int spilledRuns;

    LoadTally(LoadRun run) {
        this.errors = new ErrorCollector(run.options().failOnError(), run.listener(), counters);
    }

    String committedSoFar() {
        return commits == 0 ? "nothing was committed"
                : feedsCommitted + " feeds were committed before (run it again in RESUME mode to load the rest)";
    }

    LoadReport report(long storeSize) {
        long records = counters.quads.sum();
        double seconds = counters.nanosToLastCommit() / 1e9; // "start to commit"
        return new LoadReport(records, records - newQuads, errors.parsing.sum(), errors.datatype.sum(),
                errors.insert.sum(), seconds, newQuads, newTerms, feedsCommitted, feedsSkipped.get(),
                entriesSkipped.get(), commits, spilledRuns, counters.peakHeap(), storeSize, counters.stages.seconds(),
                errors.kept());
    }
}
