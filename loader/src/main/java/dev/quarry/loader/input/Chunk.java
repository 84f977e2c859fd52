package dev.quarry.loader.input;

import java.nio.charset.StandardCharsets;

/**
 * A run of whole lines of a line-based feed: {@code bytes[offset, offset+length)}, ending
 * just after a '\n' (only the last chunk of a feed may end without one). Chunks of one feed
 * can be parsed in parallel; {@code firstLine} turns a line within the chunk into the
 * line of the file for {@code file:line:col} errors.
 *
 * @param bytes the buffer; may be larger than the chunk, and may be handed back to
 *     {@link LineChunker#recycle} once parsed
 * @param feed the feed's name
 * @param firstLine the 1-based line number of the chunk's first line in the feed
 */
public record Chunk(byte[] bytes, int offset, int length, String feed, long firstLine) {
    /** The chunk's text, for tests and error messages (not for the parsing hot path). */
    public String text() {
        return new String(bytes, offset, length, StandardCharsets.UTF_8);
    }
}
