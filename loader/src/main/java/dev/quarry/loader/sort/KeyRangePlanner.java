package dev.quarry.loader.sort;

import dev.quarry.store.encoding.Permutation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Splits the merge of one index into key ranges of about equal size, so that the ranges
 * merge on several threads into non-overlapping files ingested together. Sizes come from
 * where the runs' frames start ({@link SortedRun.FrameStart}: first key, first tuple), so
 * planning reads no run. Split points are {@code (k0, k1, 0, 0)}: keys sharing their first
 * two columns never straddle two ranges, so the merges' counts of new (s, p) and (p, o)
 * pairs add up across ranges exactly.
 */
public final class KeyRangePlanner {
    /** Below this many keys a range costs more in setup than it wins in parallel. */
    static final long MIN_KEYS_PER_RANGE = 1 << 18;

    /** One range of an index's merge and the keys its runs hold there (an estimate within a frame per run). */
    public record Part(Permutation perm, KeyRange range, long keys) {}

    private record Sample(long[] first, long tuples) {}

    private KeyRangePlanner() {}

    /** {@code perm}'s merge in at most {@code ranges} ranges, at least {@link #MIN_KEYS_PER_RANGE} keys each. */
    public static List<Part> plan(SortedRunSpool spool, Permutation perm, int ranges) {
        List<SortedRun> runs = spool.runs(perm);
        long keys = 0;
        for (SortedRun r : runs) {
            keys += r.count;
        }
        int parts = (int) Math.max(1, Math.min(ranges, keys / MIN_KEYS_PER_RANGE));
        return split(perm, runs, parts);
    }

    /** {@code runs} in up to {@code parts} ranges of about equal size (fewer where a key group is too large to split). */
    static List<Part> split(Permutation perm, List<SortedRun> runs, int parts) {
        List<Sample> samples = new ArrayList<>();
        long total = 0;
        for (SortedRun r : runs) {
            for (int i = 0; i < r.starts.size(); i++) {
                long end = i + 1 < r.starts.size() ? r.starts.get(i + 1).tuple() : r.count;
                SortedRun.FrameStart s = r.starts.get(i);
                samples.add(new Sample(s.first(), end - s.tuple()));
                total += end - s.tuple();
            }
        }
        samples.sort(Comparator.comparing(Sample::first, Arrays::compareUnsigned));
        List<long[]> splits = new ArrayList<>();
        long before = 0;
        int next = 1;
        for (Sample s : samples) {
            if (next < parts && before >= total * next / parts) {
                long[] split = {s.first()[0], s.first()[1], 0, 0};
                long[] last = splits.isEmpty() ? new long[4] : splits.get(splits.size() - 1);
                if (Arrays.compareUnsigned(split, last) > 0) {
                    splits.add(split);
                }
                while (next < parts && before >= total * next / parts) {
                    next++;
                }
            }
            before += s.tuples();
        }
        List<Part> out = new ArrayList<>(splits.size() + 1);
        for (int i = 0; i <= splits.size(); i++) {
            KeyRange range = new KeyRange(i == 0 ? null : splits.get(i - 1), i == splits.size() ? null : splits.get(i));
            long keys = 0;
            for (Sample s : samples) {
                if (!range.before(s.first()) && !range.after(s.first())) {
                    keys += s.tuples();
                }
            }
            out.add(new Part(perm, range, keys));
        }
        return out;
    }
}
