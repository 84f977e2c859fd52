/**
 * The loader API, compatible with Amazon Neptune's: {@code POST /loader} queues a bulk load,
 * {@code GET /loader/{id}} reports it, {@code DELETE /loader/{id}} cancels it. Loads run one at
 * a time through {@link dev.quarry.loader.BulkLoader}; job records are kept in the store.
 *
 * <p>Imports: {@code endpoint.http} ({@code Exchange}), {@code endpoint.source}, and the loader's public
 * API ({@code BulkLoader}, {@code LoadOptions}, ...); never a loader stage, {@code cli}, or
 * {@code store.rocks}.
 */
package dev.quarry.endpoint.load;
