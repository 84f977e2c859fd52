/**
 * Parse-stage benchmarks: how fast N-Quads and Turtle become quads, with Jena RIOT as the
 * baseline that Quarry's own byte-level N-Quads parser has to beat.
 *
 * <p>Imports: RIOT, {@code bench.gen} and {@code bench.jmh}; never Quarry's parsers (see
 * {@code bench.stages}).
 */
package dev.quarry.bench.parse;
