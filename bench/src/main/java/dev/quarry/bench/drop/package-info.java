/**
 * The DROP ALL benchmark: Quarry's range-tombstone drop against Jena TDB2's
 * {@code DROP ALL} update, on the same generated quads, in the same run.
 *
 * <p>Imports: the store's public classes and {@code store.encoding}, and TDB2 for the peer; never
 * {@code store.rocks}.
 */
package dev.quarry.bench.drop;
