package dev.quarry.loader.stage;

import dev.quarry.loader.input.Source;
import java.util.ArrayList;
import java.util.List;

/**
 * How a RESUME load is cut into commits. Sources, in the order given, are put into groups
 * of consecutive sources until a group holds at least {@code groupBytes} of raw input; each
 * group is loaded (its sources in parallel, line-based files in parallel chunks) and
 * committed before the next starts, so a kill loses at most the group in progress.
 *
 * <p>The default group size is the larger of 64 MiB and 1/32 of the whole input: a directory
 * of thousands of small files becomes a few commits, not thousands; a large file is a commit
 * of its own; and a large load makes at most about 32 commits, each a full merge and ingest.
 * A source of unknown size (stdin, a URL without a length) counts as a full group.
 * Trade-off: N-Quads, N-Triples, Turtle and TriG files are parsed in parallel chunks
 * whatever the grouping, but RDF/XML and JSON-LD files parse one thread each, so a group
 * holding one large file of those formats uses one core; a larger group size restores the
 * parallelism across files at the price of losing more work to a kill.
 */
final class FeedGroups {
    static final long MIN_GROUP_BYTES = 64L << 20;
    static final int MAX_GROUPS = 32;

    private FeedGroups() {}

    /** The group size: {@code configured} if positive, else the default rule for {@code totalBytes} (-1 = unknown). */
    static long groupBytes(long configured, long totalBytes) {
        if (configured > 0) {
            return configured;
        }
        return Math.max(MIN_GROUP_BYTES, totalBytes < 0 ? 0 : (totalBytes + MAX_GROUPS - 1) / MAX_GROUPS);
    }

    /** {@code sources} cut into groups of consecutive sources of at least {@code groupBytes} each (the last may be less). */
    static List<List<Source>> split(List<Source> sources, long groupBytes) {
        List<List<Source>> groups = new ArrayList<>();
        List<Source> current = new ArrayList<>();
        long bytes = 0;
        for (Source s : sources) {
            current.add(s);
            bytes += s.size() < 0 ? groupBytes : s.size();
            if (bytes >= groupBytes) {
                groups.add(List.copyOf(current));
                current.clear();
                bytes = 0;
            }
        }
        if (!current.isEmpty()) {
            groups.add(List.copyOf(current));
        }
        return groups;
    }
}
