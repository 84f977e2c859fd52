/**
 * The ARQ binding: {@link dev.quarry.store.arq.QuarryDatasetGraph} makes a store a Jena
 * {@code DatasetGraph} (transactions, find, add, delete) so ARQ, RIOT and SPARQL Update work on it.
 *
 * <p>Imports: Jena (ARQ) and the store's public classes; never {@code store.rocks} or {@code org.rocksdb},
 * and never the engine, loader or endpoint.
 */
package dev.quarry.store.arq;
