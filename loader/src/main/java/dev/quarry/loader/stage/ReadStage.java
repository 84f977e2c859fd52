package dev.quarry.loader.stage;

import dev.quarry.loader.LoadMode;
import dev.quarry.loader.input.Chunk;
import dev.quarry.loader.input.Feed;
import dev.quarry.loader.input.FeedReader;
import dev.quarry.loader.input.LineChunker;
import dev.quarry.loader.input.RdfFormat;
import dev.quarry.loader.input.Source;
import dev.quarry.loader.parse.Prologue;
import dev.quarry.loader.parse.TurtleChunk;
import dev.quarry.loader.parse.TurtleChunkOrder;
import dev.quarry.loader.parse.TurtleChunkParser;
import dev.quarry.loader.parse.TurtleChunker;
import dev.quarry.loader.progress.StageTimes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Read: opens the group's sources (decompressing, expanding archives) and emits work items,
 * chunks of whole lines of a line-based feed, chunks of whole statements of a Turtle/TriG
 * feed, or a whole feed for RIOT, one reader thread per source up to the worker count. {@link #finish} waits for the readers and then ends the queue
 * with one end marker per parse worker.
 */
final class ReadStage {
    private final LoadRun run;
    private final CommitGroup group;
    private final LoadTally tally;
    private final RunControl control;
    private final BlockingQueue<WorkItem> work;
    private final List<Future<?>> readers = new ArrayList<>();

    ReadStage(StageContext context, BlockingQueue<WorkItem> work) {
        this.run = context.run();
        this.group = context.group();
        this.tally = context.tally();
        this.control = context.control();
        this.work = work;
    }

    void start() {
        ConcurrentLinkedQueue<Source> todo = new ConcurrentLinkedQueue<>(group.sources);
        int n = Math.max(1, Math.min(group.sources.size(), run.budget().workers()));
        for (int i = 0; i < n; i++) {
            readers.add(control.start("read-" + i, () -> readSources(todo)));
        }
    }

    /** Waits for every reader, then tells each of the {@code workers} parse workers that no more work comes. */
    void finish(int workers) {
        control.await(readers);
        for (int i = 0; i < workers; i++) {
            try {
                while (!work.offer(new WorkItem.End(), 100, TimeUnit.MILLISECONDS)) {
                    control.tick();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancellationException("interrupted");
            }
        }
    }

    private void readSources(ConcurrentLinkedQueue<Source> todo) {
        try {
            Source src;
            while ((src = todo.poll()) != null) {
                control.checkRunning();
                try (FeedReader reader = src.open(tally.counters.rawBytes, run.options().format())) {
                    Feed feed;
                    while ((feed = reader.next()) != null) {
                        readFeed(feed);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            throw new CancellationException("interrupted");
        }
    }

    private void readFeed(Feed feed) throws IOException, InterruptedException {
        if (feed.format() == null) {
            tally.entriesSkipped.incrementAndGet();
            run.listener().warning("skipped " + feed.name() + ": its name tells no RDF format");
            return;
        }
        if (run.options().mode() == LoadMode.RESUME && group.session.feedCommitted(feed.name())) {
            tally.feedsSkipped.incrementAndGet();
            return;
        }
        FeedState state = new FeedState(tally.feedNumbers.incrementAndGet(), feed.name(), feed.format());
        run.faults().at(StageFaults.Stage.READ);
        if (feed.format().lineBased()) {
            LineChunker chunker = new LineChunker(feed, run.budget().chunkBytes());
            StageTimes stages = tally.counters.stages;
            Chunk c;
            long t = System.nanoTime();
            while ((c = chunker.next()) != null) {
                stages.since(StageTimes.Stage.READ, t);
                put(new WorkItem.Lines(state, c, chunker));
                t = System.nanoTime();
            }
            stages.since(StageTimes.Stage.READ, t);
        } else if (TurtleChunkParser.handles(feed.format().lang())) {
            readTurtle(feed, state);
        } else {
            CountDownLatch done = new CountDownLatch(1);
            put(new WorkItem.WholeFeed(state, feed.stream(), done));
            while (!done.await(100, TimeUnit.MILLISECONDS)) {
                control.checkRunning();
            }
        }
        group.feedRead(state);
    }

    /** Turtle and TriG: chunks cut at statements, parsed by all workers, settled in the feed's order. */
    private void readTurtle(Feed feed, FeedState state) throws IOException, InterruptedException {
        boolean trig = feed.format() == RdfFormat.TRIG;
        TurtleChunker chunker = new TurtleChunker(feed.stream(), trig, run.budget().chunkBytes(),
                Prologue.initial(run.options().base()).base());
        TurtleChunkOrder order = new TurtleChunkOrder(
                new TurtleChunkParser(feed.format().lang(), ParseWorker.blankScope(run, state)), chunker::recycle);
        Runnable check = control::checkRunning;
        StageTimes stages = tally.counters.stages;
        try {
            TurtleChunk c;
            long t = System.nanoTime();
            while ((c = chunker.next()) != null) {
                stages.since(StageTimes.Stage.READ, t); // read, decompress and cut at statements
                if (order.add(c, check)) {
                    put(new WorkItem.TurtleText(state, c, order), order);
                }
                t = System.nanoTime();
            }
            stages.since(StageTimes.Stage.READ, t);
        } finally {
            order.end();
        }
    }

    private void put(WorkItem item) throws InterruptedException {
        put(item, null);
    }

    /** Waits for room in the queue; gives up on a Turtle chunk whose feed fell back to one thread (that thread has it). */
    private void put(WorkItem item, TurtleChunkOrder order) throws InterruptedException {
        while (!work.offer(item, 100, TimeUnit.MILLISECONDS)) {
            control.checkRunning();
            if (order != null && order.fallenBack()) {
                return;
            }
        }
    }
}
