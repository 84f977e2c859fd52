/**
 * Parse-stage benchmarks: how fast N-Quads and Turtle become quads, with Jena RIOT as the
 * baseline that Quarry's own byte-level N-Quads parser has to beat.
 */
package dev.quarry.bench.parse;
