package dev.quarry.loader.stage;

/**
 * A test hook: called at one point of each stage, so a test can make that stage fail (throw)
 * or cancel the load there. {@link #NONE} in every real load.
 */
@FunctionalInterface
interface StageFaults {
    StageFaults NONE = stage -> {};

    /** The stages, in data-flow order. */
    enum Stage { READ, PARSE, ENCODE, SORT, MERGE, INGEST }

    void at(Stage stage);
}
