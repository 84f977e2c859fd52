/** Pieces shared by Quarry's JMH benchmarks. */
package dev.quarry.bench.jmh;
