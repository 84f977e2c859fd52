package dev.quarry.loader.progress;

import java.util.concurrent.atomic.LongAdder;

/** The live counters of one load, bumped by pipeline threads. */
public final class LoadCounters {
    public final LongAdder rawBytes = new LongAdder();
    public final LongAdder quads = new LongAdder();
    public final LongAdder errors = new LongAdder();
    public final StageTimes stages = new StageTimes();
    /** Records written by the merge so far, a file's worth at a time. */
    public final LongAdder merged = new LongAdder();
    private volatile long mergeTotal = -1;
    private final long started = System.nanoTime();
    private volatile long rawTotal = -1;
    private volatile String phase = "reading";
    private volatile long lastCommitNanos = -1;
    private volatile long peakHeap;

    public void rawTotal(long bytes) {
        rawTotal = bytes;
    }

    /** Records the merge will write in all. */
    public void mergeTotal(long records) {
        mergeTotal = records;
    }

    public void phase(String p) {
        phase = p;
    }

    /**
     * A commit has ended: the phase is "done" and now is the time the report gives as the
     * load's, so the last progress sample, taken after it, never ends before the report's time.
     */
    public void committed() {
        lastCommitNanos = elapsedNanos();
        phase = "done";
    }

    /** Nanoseconds from the start to the end of the last commit; up to now if nothing was committed. */
    public long nanosToLastCommit() {
        long c = lastCommitNanos;
        return c >= 0 ? c : elapsedNanos();
    }

    /** Samples heap use; the report's peak heap is the largest sample. */
    public void sampleHeap() {
        Runtime rt = Runtime.getRuntime();
        long used = rt.totalMemory() - rt.freeMemory();
        if (used > peakHeap) {
            peakHeap = used;
        }
    }

    public long peakHeap() {
        return peakHeap;
    }

    public long elapsedNanos() {
        return System.nanoTime() - started;
    }

    public LoadProgress snapshot() {
        return new LoadProgress(phase, rawBytes.sum(), rawTotal, quads.sum(), errors.sum(), elapsedNanos(),
                merged.sum(), mergeTotal);
    }
}
