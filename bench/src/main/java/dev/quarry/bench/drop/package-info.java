/**
 * The DROP ALL benchmark: Quarry's range-tombstone drop against Jena TDB2's
 * {@code DROP ALL} update, on the same generated quads, in the same run.
 */
package dev.quarry.bench.drop;
