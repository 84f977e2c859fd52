/**
 * Query benchmark: a BSBM-like query mix on generated data, run through ARQ's plain
 * DatasetGraph path over the store, through the id-level executor, and on Jena TDB2
 * loaded with the same data ({@link dev.quarry.bench.query.QueryBench}).
 *
 * <p>Imports: the engine's and the store's public classes, Jena and TDB2; never {@code store.rocks}.
 */
package dev.quarry.bench.query;
