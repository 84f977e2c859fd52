/**
 * Progress of a running load: counters the pipeline bumps, snapshots for listeners, and the
 * timeline of snapshots that charts of quads/s over time are drawn from.
 *
 * <p>Imports: no other Quarry package (listeners only read snapshots).
 */
package dev.quarry.loader.progress;
