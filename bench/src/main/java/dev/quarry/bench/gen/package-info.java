/**
 * Deterministic benchmark data: {@link dev.quarry.bench.gen.BsbmGenerator} writes BSBM-like
 * e-commerce quads (N-Quads, gzipped N-Quads or Turtle) of an exact size in constant memory,
 * and {@link dev.quarry.bench.gen.PrefixFileWriter} writes the many-{@code @prefix} Turtle case.
 * The same seed and size always give the same bytes, so peers and Quarry load identical files.
 *
 * <p>Imports: the JDK only: the generator knows no store, loader or Jena.
 */
package dev.quarry.bench.gen;
