/** Pieces shared by Quarry's JMH benchmarks. *
 * <p>Imports: JMH only.
 */
package dev.quarry.bench.jmh;
