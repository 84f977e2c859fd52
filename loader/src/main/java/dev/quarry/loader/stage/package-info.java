/**
 * The stages of a bulk load, named for what they emit: {@link dev.quarry.loader.stage.ReadStage}
 * emits chunks of whole lines (or hands a whole non-line feed over),
 * {@link dev.quarry.loader.stage.ParseStage} parses, encodes and sorts (one thread per worker, so
 * a batch never crosses threads) and emits sorted runs into the spool,
 * {@link dev.quarry.loader.stage.MergeStage} emits SST files and
 * {@link dev.quarry.loader.stage.IngestStage} commits them. {@link dev.quarry.loader.stage.LoadPipeline}
 * starts and finishes them in order; {@link dev.quarry.loader.stage.LoadRun} describes the run
 * (immutable), {@link dev.quarry.loader.stage.CommitGroup} holds one commit's resources, and
 * {@link dev.quarry.loader.stage.RunControl} is the one executor and cancellation token: the first
 * failure of any thread stops and joins all and is rethrown to the caller.
 *
 * <p>Imports: every other loader package (the only one that does) and the store's public
 * classes; never {@code store.rocks}. Nothing but the loader's entry point ({@code BulkLoader})
 * imports it.
 */
package dev.quarry.loader.stage;
