package dev.quarry.loader.stage;

import dev.quarry.loader.encode.TermEncoder;
import dev.quarry.loader.input.Chunk;
import dev.quarry.loader.parse.NQuadsParser;
import dev.quarry.loader.parse.ParseErrors;
import dev.quarry.loader.parse.QuadSink;
import dev.quarry.loader.parse.RiotFeedParser;
import dev.quarry.loader.sort.BatchSorter;
import java.util.UUID;

/**
 * Parses, encodes and sorts: takes chunks or whole feeds, fills its own batch of encoded
 * quads (a primitive array), and when the batch is full sorts it into six runs for the
 * {@code SortedRunSpool}. Keeping the three steps in one thread means no batch crosses threads
 * and every core does the same kind of work.
 */
final class ParseWorker implements Runnable {
    private final LoadPipeline load;
    private final TermEncoder encoder;
    private final NQuadsParser nquads;
    private final NQuadsParser ntriples;
    private final RiotFeedParser riot;
    private final BatchSorter sorter = new BatchSorter();
    private final long[] batch;
    private int size;
    private long emitted;
    private final QuadSink sink = (s, p, o, g) -> {
        emitted++;
        add(s, p, o, g);
    };

    ParseWorker(LoadPipeline load, int batchQuads) {
        this.load = load;
        this.encoder = load.newEncoder();
        this.nquads = new NQuadsParser(encoder, true);
        this.ntriples = new NQuadsParser(encoder, false);
        this.riot = new RiotFeedParser(encoder, load.prefixes);
        this.batch = new long[batchQuads * 4];
    }

    @Override
    public void run() {
        try {
            while (true) {
                WorkItem item = load.work.take();
                if (item instanceof WorkItem.End) {
                    flush();
                    return;
                }
                load.checkRunning();
                if (item instanceof WorkItem.Lines lines) {
                    parseLines(lines);
                } else if (item instanceof WorkItem.WholeFeed whole) {
                    try {
                        parseWhole(whole);
                    } finally {
                        whole.done().countDown();
                    }
                }
            }
        } catch (Throwable t) {
            load.fail(t);
        }
    }

    private void parseLines(WorkItem.Lines lines) {
        FeedState feed = lines.feed();
        ParseErrors errors = load.errors.forFeed(feed);
        NQuadsParser parser = feed.format.quads() ? nquads : ntriples;
        Chunk c = lines.chunk();
        try {
            parser.parse(c.bytes(), c.offset(), c.offset() + c.length(), c.firstLine(), feed.number, load.tripleGraph, errors, sink);
        } finally {
            count(feed);
        }
        lines.chunker().recycle(c);
    }

    private void count(FeedState feed) {
        feed.quads.add(emitted);
        load.counters.quads.add(emitted);
        emitted = 0;
    }

    private void parseWhole(WorkItem.WholeFeed whole) {
        FeedState feed = whole.feed();
        UUID scope = new UUID(load.loadId.getMostSignificantBits() ^ feed.number, load.loadId.getLeastSignificantBits());
        try {
            riot.parse(feed.name, whole.in(), feed.format.lang(), load.base, scope, load.tripleGraph, load.errors.forFeed(feed), sink);
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
                throw new java.util.concurrent.CancellationException("interrupted");
            }
        }
    }

    private void flush() throws InterruptedException {
        if (size == 0) {
            return;
        }
        load.runs.add(sorter.sort(batch, size));
        size = 0;
    }
}
