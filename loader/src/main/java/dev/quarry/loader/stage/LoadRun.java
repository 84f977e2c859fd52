package dev.quarry.loader.stage;

import dev.quarry.loader.LoadListener;
import dev.quarry.loader.LoadOptions;
import dev.quarry.loader.encode.BlankScope;
import dev.quarry.loader.input.Source;
import dev.quarry.loader.input.Sources;
import dev.quarry.loader.sort.BatchSorter;
import dev.quarry.store.QuadStore;
import java.util.List;
import java.util.UUID;

/**
 * The immutable description of one load: what to load, where, how, and within which budget.
 * Every stage reads it; none changes it.
 *
 * @param loadId random per load: with the feed number it scopes blank node labels
 * @param faults test hook (package-private): where a test makes a stage fail
 */
record LoadRun(QuadStore store, LoadOptions options, LoadListener listener, List<Source> sources, Budget budget,
               UUID loadId, StageFaults faults) {

    static LoadRun of(QuadStore store, LoadOptions options, LoadListener listener, StageFaults faults) {
        return new LoadRun(store, options, listener == null ? LoadListener.NONE : listener,
                List.copyOf(Sources.expand(options.sources(), System.in, options.http())), Budget.of(options), UUID.randomUUID(), faults);
    }

    /** The summed size of the sources, or -1 when one of them does not know its size. */
    long rawTotal() {
        long total = 0;
        for (Source s : sources) {
            total = s.size() < 0 || total < 0 ? -1 : total + s.size();
        }
        return total;
    }

    /** The blank node scope of this load as text (part of every scoped blank node label). */
    String blankScope() {
        return BlankScope.ofLoad(loadId);
    }

    /**
     * How the memory budget is split: 35% dictionary shards, 40% sorted runs kept in heap, 25%
     * the workers' batches (32 bytes a quad plus the sorter's scratch); chunk buffers are small.
     */
    record Budget(int workers, int batchQuads, int chunkBytes, long dictionaryBytes, long runBytes) {
        static Budget of(LoadOptions options) {
            int workers = options.workerThreads();
            long budget = options.memoryBudget();
            long perQuad = 32 + BatchSorter.SCRATCH_BYTES_PER_QUAD;
            int batchQuads = (int) Math.max(1 << 14, Math.min(1 << 20, budget / 4 / (workers * perQuad)));
            int chunkBytes = (int) Math.max(64 << 10, Math.min(1 << 20, budget / 64));
            return new Budget(workers, batchQuads, chunkBytes, budget * 35 / 100, budget * 40 / 100);
        }
    }
}
