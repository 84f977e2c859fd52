package dev.quarry.loader.stage;

/**
 * What every stage of one commit works with: the run's description, the commit's resources,
 * the load's tally and the run's executor and cancellation token.
 */
record StageContext(LoadRun run, CommitGroup group, LoadTally tally, RunControl control) {}
