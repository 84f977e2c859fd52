package dev.quarry.loader;

import dev.quarry.loader.progress.LoadProgress;

/**
 * How a caller follows and steers a running load. Called from loader threads: implementations
 * must be thread-safe and quick.
 */
public interface LoadListener {
    LoadListener NONE = new LoadListener() {};

    /** About once a second, and at the end of each phase. */
    default void progress(LoadProgress progress) {}

    /** Each bad statement as it is found (also when more than the report keeps). */
    default void error(LoadError error) {}

    /**
     * After each commit, with the feeds it made durable: once at the end of a NEW load, once
     * per committed feed group of a RESUME load.
     */
    default void feedsCommitted(java.util.List<String> feeds) {}

    /** Input the load passes over without failing, one line each (e.g. an archive entry of unknown format). */
    default void warning(String message) {}

    /** Polled often; once true, the load stops and nothing of it is committed. */
    default boolean cancelled() {
        return false;
    }
}
