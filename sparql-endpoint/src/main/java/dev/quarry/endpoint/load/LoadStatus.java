package dev.quarry.endpoint.load;

/** Neptune's load status codes, as far as Quarry's loads can reach them. */
public enum LoadStatus {
    LOAD_NOT_STARTED,
    LOAD_IN_QUEUE,
    LOAD_IN_PROGRESS,
    LOAD_COMPLETED,
    LOAD_CANCELLED_BY_USER,
    LOAD_CANCELLED_DUE_TO_ERRORS,
    LOAD_FAILED,
    LOAD_FAILED_BECAUSE_DEPENDENCY_NOT_SATISFIED;

    /** Whether the load has ended (it will not change any more). */
    public boolean finished() {
        return this != LOAD_NOT_STARTED && this != LOAD_IN_QUEUE && this != LOAD_IN_PROGRESS;
    }
}
