package dev.quarry.loader;

import dev.quarry.loader.stage.LoadPipeline;
import dev.quarry.store.QuadStore;

/**
 * Loads RDF into a {@link QuadStore} in bulk, the way the CLI ({@code quarry load}) and the
 * HTTP loader API do.
 *
 * <p>Data flow: sources are expanded and opened (decompression by magic bytes); line-based
 * feeds are cut into chunks at newlines and parsed in parallel by a byte-level parser
 * (RIOT for other syntaxes, one parser per feed, feeds in parallel); each worker encodes
 * terms to ids through a sharded dictionary, fills a primitive batch, sorts it in the six
 * index orders and hands compact sorted runs to the run store, which spills to disk past
 * the memory budget; at the end the runs of each index merge into SST files (a large
 * index in several key ranges, on several threads), the dictionary into two, and everything is ingested in one atomic step.
 *
 * <p>Trade-offs: in {@link LoadMode#NEW} the whole load is one commit, so a killed load
 * leaves nothing and a rerun redoes it all. {@link LoadMode#RESUME} skips the feeds earlier
 * commits recorded and commits group by group (groups of whole sources of at least
 * {@link LoadOptions#commitBytes()}, by default 64 MiB or 1/32 of the input): a killed load
 * keeps whole groups and a RESUME rerun loads the rest, at the price of loading every group
 * after the first into a non-empty store, one group after another. Duplicates against a
 * non-empty store are found by a merge walk along the committed SPOG index (skipped for an
 * empty store).
 */
public final class BulkLoader {
    private BulkLoader() {}

    /**
     * Loads {@code options.sources()} into {@code store}.
     *
     * @return the report, after the load became visible
     * @throws LoadException if the load failed or was cancelled: then nothing of it is visible
     */
    public static LoadReport load(QuadStore store, LoadOptions options, LoadListener listener) {
        return new LoadPipeline(store, options, listener).run();
    }

    public static LoadReport load(QuadStore store, LoadOptions options) {
        return load(store, options, LoadListener.NONE);
    }
}
