/**
 * Store files built elsewhere (a Spark cluster, {@code quarry-spark build}) and ingested here:
 * the build's manifest, a snapshot of a store's dictionary for the build to number its terms
 * against, and the ingest that checks both and commits every file in one atomic step.
 */
package dev.quarry.loader.prebuilt;
