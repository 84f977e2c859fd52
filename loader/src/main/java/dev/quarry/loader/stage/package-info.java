/**
 * The stages of a bulk load, named for what they emit: the feed reader emits chunks of
 * whole lines (or hands a whole non-line feed over), parse workers emit sorted runs
 * (parse, encode and sort in one thread, so a batch never crosses threads), the run
 * store spills, and the finisher emits SST files and commits. Bounded queues join them;
 * the first failure of any thread stops all and is rethrown to the caller.
 */
package dev.quarry.loader.stage;
