/**
 * Sorting encoded quads into the six index orders: batches of quads in primitive arrays
 * are packed into one long per quad (per-column ranks, {@code ColumnRanks}), sorted and
 * deduplicated per permutation into compact delta-encoded runs, kept in
 * memory while the budget allows and spilled to the scratch directory otherwise
 * (LZ4-compressed only while the spill writer is backed up), then merged per index
 * into SST files: a large index in several non-overlapping key ranges ({@code KeyRangePlanner}).
 *
 * <p>Imports: the store ({@code BulkSession}, {@code store.encoding}) only; never the parsers,
 * the dictionary or the stages.
 */
package dev.quarry.loader.sort;
