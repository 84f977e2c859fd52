/**
 * Loading RDF into a store. {@link dev.quarry.loader.BulkLoader#load} reads sources
 * through a parallel, memory-bounded pipeline into SST files and commits them to the
 * store in one atomic step; the CLI ({@code quarry load}) and the HTTP loader API drive
 * it with a {@link dev.quarry.loader.LoadListener} for progress, errors and
 * cancellation. The input contract is in {@code loader.input}.
 *
 * <p>The packages below: {@code input} (sources to feeds of bytes) -&gt; {@code stage} (the
 * pipeline, driving) {@code parse} (to ids) -&gt; {@code encode} (the dictionary) -&gt;
 * {@code sort} (runs, merge to SST files); {@code prefix} and {@code progress} serve them.
 * Only this package and {@code stage} know the whole load; no loader package imports the
 * endpoint, and none imports RocksDB (the store's {@code BulkSession} is the way in).
 */
package dev.quarry.loader;
