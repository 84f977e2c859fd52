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

    /** Polled often; once true, the load stops and nothing of it is committed. */
    default boolean cancelled() {
        return false;
    }
}
