/**
 * The stages of a bulk load, named for what they emit: the feed reader emits chunks of
 * whole lines (or hands a whole non-line feed over), parse workers emit sorted runs
 * (parse, encode and sort in one thread, so a batch never crosses threads), the sorted-run
 * spool keeps or spills them, and the finisher emits SST files and commits. Bounded queues join them;
 * the first failure of any thread stops all and is rethrown to the caller.
 *
 * <p>The only package that knows every other loader package; nothing but the loader's
 * entry point ({@code BulkLoader}) imports it.
 */
package dev.quarry.loader.stage;
