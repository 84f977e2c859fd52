package dev.quarry.loader.stage;

import dev.quarry.loader.input.RdfFormat;
import java.util.concurrent.atomic.LongAdder;

/** One feed being loaded: its number (scopes blank nodes), name, format and counts. */
final class FeedState {
    final int number;
    final String name;
    final RdfFormat format;
    final LongAdder quads = new LongAdder();
    final LongAdder errors = new LongAdder();

    FeedState(int number, String name, RdfFormat format) {
        this.number = number;
        this.name = name;
        this.format = format;
    }

    /** The record kept in the store for RESUME: a small JSON object. */
    byte[] record() {
        return ("{\"quads\":" + quads.sum() + ",\"errors\":" + errors.sum() + ",\"loadedAt\":\""
                + java.time.Instant.now() + "\"}").getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }
}
