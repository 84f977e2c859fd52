/**
 * JMH benchmarks of single loader stages, each driving the loader's own classes on generated
 * BSBM-like data made in memory in its setup, each checking its output once per trial:
 * decompress ({@code DecompressBenchmark}), parse ({@code NQuadsParseBenchmark}: Quarry's
 * byte-level parser beside RIOT on the same bytes), dictionary encoding
 * ({@code EncodeBenchmark}), sort into runs ({@code SortBenchmark}) and SST writing
 * ({@code SstWriteBenchmark}). End to end is {@code dev.quarry.bench.load.LoadBenchmark}.
 *
 * <p>Imports: the loader's public per-stage classes (input, parse, encode, sort), {@code store.encoding}
 * and the store's public classes; never a loader {@code stage} class or {@code store.rocks}.
 */
package dev.quarry.bench.stages;
