package dev.quarry.loader.stage;

import java.io.InputStream;
import java.util.concurrent.CountDownLatch;

/** What the feed reader hands to parse workers. */
sealed interface WorkItem {
    /** Whole lines of a line-based feed; {@code buf} goes back to the pool when parsed. */
    record Lines(FeedState feed, byte[] buf, int len, long firstLine, boolean pooled) implements WorkItem {}

    /** A whole feed for RIOT; the reader waits on {@code done} before it reads on. */
    record WholeFeed(FeedState feed, InputStream in, CountDownLatch done) implements WorkItem {}

    /** No more work. */
    record End() implements WorkItem {}
}
