/** Progress of a running load: counters the pipeline bumps and snapshots for listeners. */
package dev.quarry.loader.progress;
