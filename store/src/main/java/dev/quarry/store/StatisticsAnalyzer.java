package dev.quarry.store;

import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.rocks.KvIterator;
import dev.quarry.store.rocks.KvReader;
import java.util.HashMap;
import java.util.Map;

/**
 * Counts the distinct subjects and objects of every predicate by one walk along the SPOG
 * and one along the POSG index (a change of {@code (s, p)}, resp. {@code (p, o)}, between
 * neighbouring keys is a new one). For stores loaded before these statistics existed, and
 * to make them exact again after loads into a non-empty store, which only estimate them.
 */
final class StatisticsAnalyzer {
    private StatisticsAnalyzer() {}

    /** predicate id -> {distinct subjects, distinct objects}. */
    static Map<Long, long[]> distinctCounts(KvReader reader) {
        Map<Long, long[]> counts = new HashMap<>();
        walk(reader, KeyLayout.TAG_SPOG, 1, 9, 0, counts);  // key: s p o g
        walk(reader, KeyLayout.TAG_POSG, 1, 1, 1, counts);  // key: p o s g
        return counts;
    }

    /**
     * Walks one index and counts, per predicate, the distinct values of the two leading
     * key ids (16 bytes from offset 1): {@code predicateOffset} says where the predicate
     * is among them, {@code which} which count to bump.
     */
    private static void walk(KvReader reader, byte tag, int pairOffset, int predicateOffset, int which,
                             Map<Long, long[]> counts) {
        byte[] previous = null;
        try (KvIterator it = reader.scan(new byte[] {tag})) {
            while (it.next()) {
                byte[] key = it.key();
                if (previous == null || !java.util.Arrays.equals(previous, pairOffset, pairOffset + 16,
                        key, pairOffset, pairOffset + 16)) {
                    long p = KeyLayout.getLong(key, predicateOffset);
                    counts.computeIfAbsent(p, k -> new long[2])[which]++;
                    previous = key;
                }
            }
        }
    }
}
