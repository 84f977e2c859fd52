/**
 * The bulk loader as a library: {@link dev.quarry.loader.BulkLoader#load} reads sources
 * through a parallel, memory-bounded pipeline into SST files and commits them to the
 * store in one atomic step. The CLI ({@code quarry load}) and the HTTP loader API drive
 * the same entry point, with a {@link dev.quarry.loader.LoadListener} for progress,
 * errors and cancellation.
 */
package dev.quarry.loader;
