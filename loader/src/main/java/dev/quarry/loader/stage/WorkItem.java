package dev.quarry.loader.stage;

import dev.quarry.loader.input.Chunk;
import dev.quarry.loader.input.LineChunker;
import dev.quarry.loader.parse.TurtleChunk;
import dev.quarry.loader.parse.TurtleChunkOrder;
import java.io.InputStream;
import java.util.concurrent.CountDownLatch;

/** What the feed reader hands to parse workers. */
sealed interface WorkItem {
    /** Whole lines of a line-based feed; the chunk goes back to its {@code chunker} when parsed. */
    record Lines(FeedState feed, Chunk chunk, LineChunker chunker) implements WorkItem {}

    /** A whole feed for RIOT; the reader waits on {@code done} before it reads on. */
    record WholeFeed(FeedState feed, InputStream in, CountDownLatch done) implements WorkItem {}

    /** A chunk of a Turtle/TriG feed, settled in the feed's {@code order}. */
    record TurtleText(FeedState feed, TurtleChunk chunk, TurtleChunkOrder order) implements WorkItem {}

    /** No more work. */
    record End() implements WorkItem {}
}
