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
    private final StageContext context;
    private final BlockingQueue<WorkItem> work;
    private final List<Future<?>> workers = new ArrayList<>();

    ParseStage(StageContext context, BlockingQueue<WorkItem> work) {
        this.context = context;
        this.work = work;
    }

    void start() {
        for (int i = 0; i < context.run().budget().workers(); i++) {
            workers.add(context.control().start("parse-" + i, new ParseWorker(context, work)));
        }
    }

    void finish() {
        context.control().await(workers);
        context.tally().counters.sampleHeap();
    }
}
