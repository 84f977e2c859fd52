package dev.quarry.loader.stage;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Future;

/**
 * Parse, encode and sort: {@code workers} {@link ParseWorker}s take the read stage's work
 * items and emit sorted runs into the group's spool. The three steps share a thread so that
 * no batch crosses threads (each has its own fault point). {@link #finish} waits for the
 * workers; the spool may still be writing its last runs.
 */
final class ParseStage {
    private final LoadRun run;
    private final CommitGroup group;
    private final LoadTally tally;
    private final RunControl control;
    private final BlockingQueue<WorkItem> work;
    private final List<Future<?>> workers = new ArrayList<>();

    ParseStage(LoadRun run, CommitGroup group, LoadTally tally, RunControl control, BlockingQueue<WorkItem> work) {
        this.run = run;
        this.group = group;
        this.tally = tally;
        this.control = control;
        this.work = work;
    }

    void start() {
        for (int i = 0; i < run.budget().workers(); i++) {
            ParseWorker worker = new ParseWorker(run, group, tally, control, work);
            workers.add(control.start("parse-" + i, worker));
        }
    }

    void finish() {
        control.await(workers);
        tally.counters.sampleHeap();
    }
}
