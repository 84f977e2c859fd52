package dev.quarry.loader.stage;

import dev.quarry.loader.encode.BlankScope;
import dev.quarry.loader.encode.TermEncoder;
import dev.quarry.loader.input.Chunk;
import dev.quarry.loader.parse.NQuadsParser;
import dev.quarry.loader.parse.ParseErrors;
import dev.quarry.loader.parse.QuadSink;
import dev.quarry.loader.parse.RiotFeedParser;
import dev.quarry.loader.parse.TurtleChunkParser;
import dev.quarry.loader.progress.StageTimes;
import dev.quarry.loader.sort.BatchSorter;
import dev.quarry.loader.sort.SortedRun;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;

/**
 * One thread of the parse stage: parses chunks (of lines, or of Turtle/TriG statements) or whole feeds, encodes their terms to ids
 * (its own {@link TermEncoder}), fills its own batch of encoded quads (a primitive array), and
 * when the batch is full sorts it into a run per index for the group's spool.
 */
final class ParseWorker implements Runnable {
    private final LoadRun run;
    private final CommitGroup group;
    private final LoadTally tally;
    private final RunControl control;
    private final BlockingQueue<WorkItem> work;
    private final NQuadsParser nquads;
    private final NQuadsParser ntriples;
    private final RiotFeedParser riot;
    private final TermEncoder encoder;
    private final BatchSorter sorter = new BatchSorter();
    private final long[] batch;
    private int size;
    private long emitted;
    /** Sorting time within the work item being parsed: not parse time. */
    private long sortNanos;
    private final QuadSink sink = (s, p, o, g) -> {
        if (emitted++ == 0) {
            faults().at(StageFaults.Stage.ENCODE); // the first quad of a work item is encoded
        }
        add(s, p, o, g);
    };

    ParseWorker(StageContext context, BlockingQueue<WorkItem> work) {
        this.run = context.run();
        this.group = context.group();
        this.tally = context.tally();
        this.control = context.control();
        this.work = work;
        this.encoder = group.newEncoder();
        this.nquads = new NQuadsParser(encoder, true);
        this.ntriples = new NQuadsParser(encoder, false);
        this.riot = new RiotFeedParser(encoder, group.prefixes);
        this.batch = new long[run.budget().batchQuads() * 4];
    }

    private StageFaults faults() {
        return run.faults();
    }

    @Override
    public void run() {
        try {
            while (true) {
                WorkItem item = work.take();
                if (item instanceof WorkItem.End) {
                    flush();
                    return;
                }
                control.checkRunning();
                faults().at(StageFaults.Stage.PARSE);
                long start = System.nanoTime();
                sortNanos = 0;
                if (item instanceof WorkItem.Lines lines) {
                    parseLines(lines);
                } else if (item instanceof WorkItem.TurtleText turtle) {
                    parseTurtle(turtle);
                } else if (item instanceof WorkItem.WholeFeed whole) {
                    try {
                        parseWhole(whole);
                    } finally {
                        whole.done().countDown();
                    }
                }
                tally.counters.stages.add(StageTimes.Stage.PARSE, System.nanoTime() - start - sortNanos);
            }
        } catch (InterruptedException e) {
            throw new CancellationException("interrupted");
        }
    }

    private void parseLines(WorkItem.Lines lines) {
        FeedState feed = lines.feed();
        ParseErrors errors = tally.errors.forFeed(feed);
        NQuadsParser parser = feed.format.quads() ? nquads : ntriples;
        Chunk c = lines.chunk();
        try {
            parser.parse(c.bytes(), c.offset(), c.offset() + c.length(), c.firstLine(), feed.number, group.tripleGraph, errors,
                    sink);
        } finally {
            count(feed);
        }
        lines.chunker().recycle(c);
    }

    private void count(FeedState feed) {
        feed.quads.add(emitted);
        tally.counters.quads.add(emitted);
        emitted = 0;
    }

    /** The blank node scope of a feed: labels of one feed are one node, in every chunk, and no other feed's. */
    static UUID blankScope(LoadRun run, FeedState feed) {
        return BlankScope.ofFeed(run.loadId(), feed.number);
    }

    private void parseTurtle(WorkItem.TurtleText turtle) {
        FeedState feed = turtle.feed();
        try {
            turtle.order().process(turtle.chunk(), group.prefixes::newFeedMap, tally.errors.forFeed(feed),
                    TurtleChunkParser.encoding(group.tripleGraph, encoder, sink), control::checkRunning);
        } finally {
            count(feed);
        }
    }

    private void parseWhole(WorkItem.WholeFeed whole) {
        FeedState feed = whole.feed();
        try {
            riot.parse(feed.name, whole.in(), feed.format.lang(), run.options().base(), blankScope(run, feed),
                    group.tripleGraph, tally.errors.forFeed(feed), sink);
        } finally {
            count(feed);
        }
    }

    private void add(long s, long p, long o, long g) {
        int x = size * 4;
        batch[x] = s;
        batch[x + 1] = p;
        batch[x + 2] = o;
        batch[x + 3] = g;
        if (++size * 4 == batch.length) {
            try {
                flush();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancellationException("interrupted");
            }
        }
    }

    private void flush() throws InterruptedException {
        if (size == 0) {
            return;
        }
        faults().at(StageFaults.Stage.SORT);
        long start = System.nanoTime();
        List<SortedRun> runs = sorter.sort(batch, size);
        long took = System.nanoTime() - start;
        tally.counters.stages.add(StageTimes.Stage.SORT, took);
        sortNanos += took;
        group.runs.add(runs);
        size = 0;
    }
}
