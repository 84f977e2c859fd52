package dev.quarry.loader.progress;

/**
 * A snapshot of a running load.
 *
 * @param phase          what the load does now: reading, merging, committing, done
 * @param rawBytesRead   input bytes read as stored (compressed bytes for compressed files)
 * @param rawBytesTotal  total input size if known, else -1
 * @param quads          statements parsed so far
 * @param errors         bad statements so far
 * @param elapsedNanos   since the load started
 * @param mergedRecords  records the merge has written to index and dictionary files (whole files: it
 *                       moves when a file is done)
 * @param mergeRecords   records the merge writes in all, -1 before the merge starts
 */
public record LoadProgress(String phase, long rawBytesRead, long rawBytesTotal, long quads, long errors,
                           long elapsedNanos, long mergedRecords, long mergeRecords) {
    /** Before the merge. */
    public LoadProgress(String phase, long rawBytesRead, long rawBytesTotal, long quads, long errors, long elapsedNanos) {
        this(phase, rawBytesRead, rawBytesTotal, quads, errors, elapsedNanos, 0, -1);
    }

    public double quadsPerSecond() {
        return elapsedNanos == 0 ? 0 : quads * 1e9 / elapsedNanos;
    }

    /** Estimated nanoseconds left, from the bytes read so far; -1 if unknown. */
    public long etaNanos() {
        if (rawBytesTotal <= 0 || rawBytesRead <= 0) {
            return -1;
        }
        return (long) (elapsedNanos * ((double) (rawBytesTotal - rawBytesRead) / rawBytesRead));
    }

    /** Percent of the merge's records written, or -1 before the merge. */
    public int mergedPercent() {
        return mergeRecords <= 0 ? -1 : (int) Math.min(100, mergedRecords * 100 / mergeRecords);
    }
}
