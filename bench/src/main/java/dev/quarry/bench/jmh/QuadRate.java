package dev.quarry.bench.jmh;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Quads handled by a benchmark method, which JMH reports beside the invocation rate as
 * {@code quads} per second: the figure to read when one invocation processes a whole file.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class QuadRate {
    public long quads;

    @Setup(Level.Iteration)
    public void reset() {
        quads = 0;
    }
}
