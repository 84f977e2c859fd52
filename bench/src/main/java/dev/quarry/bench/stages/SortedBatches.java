package dev.quarry.bench.stages;

import dev.quarry.loader.sort.BatchSorter;
import dev.quarry.loader.sort.SortedRunSpool;
import dev.quarry.loader.sort.SortedRun;
import java.util.List;

/** What a parse worker does with its full batches: the loader's sorter makes runs, a run store keeps them. */
final class SortedBatches {
    private SortedBatches() {}

    /**
     * Sorts {@code input} in batches of {@code batch} quads into {@code runs}; returns the number
     * of runs made. {@code work} holds a batch (the sorter overwrites it).
     */
    static int sortInto(StageInput input, int batch, BatchSorter sorter, long[] work, SortedRunSpool runs)
            throws InterruptedException {
        int made = 0;
        for (int start = 0; start < input.count; start += batch) {
            int n = Math.min(batch, input.count - start);
            System.arraycopy(input.quads, start * 4, work, 0, n * 4);
            List<SortedRun> batchRuns = sorter.sort(work, n);
            if (batchRuns.isEmpty() || batchRuns.size() % 6 != 0) {
                throw new IllegalStateException("a batch sorted into " + batchRuns.size() + " runs, expected 6 per part");
            }
            runs.add(batchRuns);
            made += batchRuns.size();
        }
        return made;
    }

    /** A work array for batches of {@code batch} quads of {@code input}. */
    static long[] workArray(StageInput input, int batch) {
        return new long[Math.min(batch, input.count) * 4];
    }
}
