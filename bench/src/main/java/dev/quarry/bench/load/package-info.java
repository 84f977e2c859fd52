/**
 * End-to-end load benchmarks: a generated file into a fresh Quarry store, quads/s, with the
 * store validated and its quad count checked after every run (speed that loses data is a bug).
 */
package dev.quarry.bench.load;
