/**
 * Dictionary encoding for bulk loads: term bytes to 64-bit ids, in parallel and exactly.
 *
 * <p>Scheme: the term space is hash-partitioned into {@link dev.quarry.loader.encode.LoadDictionary}
 * shards, each a lock-guarded open-addressing table over a byte arena (no object per term),
 * assigning new ids from blocks reserved from the store ({@code BulkSession.reserveIds}), so
 * workers only meet when two of them want the same shard at the same instant. Each worker
 * puts a small direct-mapped cache of hot terms ({@link dev.quarry.loader.encode.TermEncoder})
 * in front. Exact: every hit compares bytes, never only hashes. Memory-bounded: a shard whose
 * arena passes its share of the budget spills its new terms as a sorted run file with a sparse
 * index and a Bloom filter ({@link dev.quarry.loader.encode.TermRunFile}) and starts empty; a
 * later miss consults the Bloom filters, then the runs, then the committed store. At the end,
 * runs and tables merge into one TERM2ID and one ID2TERM file.
 *
 * <p>Imports: the store ({@code BulkSession}, {@code store.encoding}) only; never the parsers,
 * the stages, or RocksDB.
 */
package dev.quarry.loader.encode;
