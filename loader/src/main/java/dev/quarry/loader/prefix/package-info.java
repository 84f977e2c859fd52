/**
 * The load's one shared prefix dictionary for Turtle and TriG: {@code @prefix} declarations
 * of every feed go to memory-mapped hash tables in the scratch directory (namespace IRIs
 * stored once for the whole load, labels keyed by feed), so ten million declarations cost
 * disk and page cache, not heap, however many feeds parse at once.
 *
 * <p>Imports: no other Quarry package.
 */
package dev.quarry.loader.prefix;
