package dev.quarry.loader.progress;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.ArrayList;
import java.util.List;

/**
 * The course of one load over time, for charts of quads/s against elapsed time: one
 * {@link Sample} per progress snapshot the load hands its listener (about one a second while
 * its threads run, and one at each phase change), written as TSV by {@link #toTsv()}.
 *
 * <p>It adds no thread and no work per quad: the load's supervising thread takes those
 * snapshots anyway; recording one adds a heap and a process-CPU reading. A second apart, a
 * 100 M load of 20 minutes keeps about 1,200 samples.
 */
public final class LoadTimeline {
    /** The TSV header; the columns of {@link Sample} in order. */
    public static final String HEADER = "elapsed_ms\tphase\tinput_bytes\tquads\terrors\theap_bytes\tcpu_ms";

    private final List<Sample> samples = new ArrayList<>();
    private final OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();

    /**
     * One point of the timeline.
     *
     * @param elapsedMillis since the load started (the clock of the report's totalTimeSpent)
     * @param phase         reading, merging, committing or done
     * @param inputBytes    input read so far as stored (compressed bytes for compressed files)
     * @param quads         statements parsed so far
     * @param errors        bad statements so far
     * @param heapBytes     heap in use when sampled
     * @param cpuMillis     CPU time of the whole process so far (all threads, incl. JIT and GC), or -1 if unknown
     */
    public record Sample(long elapsedMillis, String phase, long inputBytes, long quads, long errors, long heapBytes,
                         long cpuMillis) {}

    /** Records {@code p}; call it from the load listener's {@code progress}. Thread-safe. */
    public void add(LoadProgress p) {
        Runtime rt = Runtime.getRuntime();
        Sample s = new Sample(p.elapsedNanos() / 1_000_000, p.phase(), p.rawBytesRead(), p.quads(), p.errors(),
                rt.totalMemory() - rt.freeMemory(), processCpuMillis());
        synchronized (samples) {
            samples.add(s);
        }
    }

    /** The samples so far, oldest first. */
    public List<Sample> samples() {
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }

    /** A header line, then one tab-separated line per sample. */
    public String toTsv() {
        List<Sample> all = samples();
        StringBuilder b = new StringBuilder(HEADER.length() + 1 + all.size() * 64);
        b.append(HEADER).append('\n');
        for (Sample s : all) {
            b.append(s.elapsedMillis()).append('\t').append(s.phase()).append('\t').append(s.inputBytes()).append('\t')
                    .append(s.quads()).append('\t').append(s.errors()).append('\t').append(s.heapBytes()).append('\t')
                    .append(s.cpuMillis()).append('\n');
        }
        return b.toString();
    }

    private long processCpuMillis() {
        // The JDK's extension of the bean has the process CPU time; other JVMs may not.
        if (os instanceof com.sun.management.OperatingSystemMXBean ext) {
            long nanos = ext.getProcessCpuTime();
            return nanos < 0 ? -1 : nanos / 1_000_000;
        }
        return -1;
    }
}
