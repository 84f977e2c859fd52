/**
 * Loading RDF into a store. {@link dev.quarry.loader.BulkLoader#load} reads sources
 * through a parallel, memory-bounded pipeline into SST files and commits them to the
 * store in one atomic step; the CLI ({@code quarry load}) and the HTTP loader API drive
 * it with a {@link dev.quarry.loader.LoadListener} for progress, errors and
 * cancellation. {@link dev.quarry.loader.SimpleLoader} is the reference path (RIOT into
 * one write transaction), kept as the oracle in tests. The input contract is in
 * {@code loader.input}.
 */
package dev.quarry.loader;
