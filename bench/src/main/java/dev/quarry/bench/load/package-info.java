/**
 * End-to-end load benchmarks: a generated file into a fresh Quarry store, quads/s, with the
 * store validated and its quad count checked after every run (speed that loses data is a bug).
 *
 * <p>Imports: the loader's public API ({@code BulkLoader}) and the store's public classes; never a
 * loader stage or {@code store.rocks}.
 */
package dev.quarry.bench.load;
