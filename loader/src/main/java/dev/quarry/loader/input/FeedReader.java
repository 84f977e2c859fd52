package dev.quarry.loader.input;

import java.io.IOException;

/**
 * Reads the feeds of one source in order: one feed for a plain or compressed file,
 * one per entry for a tar or zip archive. Sources are independent, so different
 * sources can be read by different threads.
 */
public interface FeedReader extends AutoCloseable {
    /** The next feed, or null at the end. The previous feed's stream must not be used after this call. */
    Feed next() throws IOException;

    @Override
    void close() throws IOException;
}
