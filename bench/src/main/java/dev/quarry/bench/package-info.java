/**
 * Benchmark entry points that need no sub-package: {@link dev.quarry.bench.DropAllBenchmark}.
 *
 * <p>Imports: Quarry only through public entry points (the store's public classes, {@code BulkLoader});
 * never {@code store.rocks} or a loader stage's internals.
 */
package dev.quarry.bench;
