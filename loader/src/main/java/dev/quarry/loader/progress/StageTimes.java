package dev.quarry.loader.progress;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Busy time per stage of a load, summed over the threads that run it (waits on the queues
 * between stages are not counted): a load's quads divided by a stage's time is what one thread
 * of that stage gets through per second, so the slowest stage is the next bottleneck.
 */
public final class StageTimes {
    /** The stages, in pipeline order. */
    public enum Stage {
        /** Reading the input and decompressing it (line-based formats; RIOT reads inside PARSE). */
        READ("read"),
        /** Parsing statements and encoding their terms to ids: one pass, the parser calls the encoder per term. */
        PARSE("parse"),
        /** Sorting batches of encoded quads into runs, one per index. */
        SORT("sort"),
        /** Merging the runs of the quad indexes into SST files. */
        INDEX_WRITE("indexWrite"),
        /** Writing the dictionary's SST files. */
        DICTIONARY_WRITE("dictionaryWrite"),
        /** The atomic ingest of all files. */
        INGEST("ingest");

        /** The stage's key in the load report's JSON. */
        public final String key;

        Stage(String key) {
            this.key = key;
        }
    }

    private final EnumMap<Stage, LongAdder> nanos = new EnumMap<>(Stage.class);

    public StageTimes() {
        for (Stage s : Stage.values()) {
            nanos.put(s, new LongAdder());
        }
    }

    /** Adds the time since {@code startNanos} (a {@link System#nanoTime()}) to {@code stage}. */
    public void since(Stage stage, long startNanos) {
        nanos.get(stage).add(System.nanoTime() - startNanos);
    }

    public void add(Stage stage, long elapsedNanos) {
        nanos.get(stage).add(elapsedNanos);
    }

    /** Seconds per stage, in pipeline order. */
    public Map<Stage, Double> seconds() {
        EnumMap<Stage, Double> out = new EnumMap<>(Stage.class);
        nanos.forEach((s, n) -> out.put(s, n.sum() / 1e9));
        return Collections.unmodifiableMap(out);
    }
}
