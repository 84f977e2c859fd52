package dev.quarry.loader.sort;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** PairCounter counts as a map of pairs does, in the orders the merges give it pairs and in none. */
class PairCounterTest {
    private record Pair(long graph, long predicate) {}

    @Test
    void countsAsAMapDoes() {
        Random random = new Random(7);
        for (int graphs : new int[] {1, 3, 100, 5000}) {
            for (int predicates : new int[] {1, 40, 700}) {
                List<Pair> adds = new ArrayList<>();
                for (int i = 0; i < 60_000; i++) {
                    // ids as a store has them: large, and graph 0 (the default graph) among them
                    long g = random.nextInt(graphs) * 1_000_003L;
                    long p = 1 + random.nextInt(predicates) * 7919L;
                    int repeat = random.nextInt(10) == 0 ? 1 + random.nextInt(5) : 1; // runs of one pair
                    for (int r = 0; r < repeat; r++) {
                        adds.add(new Pair(g, p));
                    }
                }
                check(adds, graphs + " graphs, " + predicates + " predicates, no order");
                adds.sort(Comparator.comparingLong(Pair::predicate)); // POSG: a predicate's pairs together
                check(adds, graphs + " graphs, " + predicates + " predicates, by predicate");
                adds.sort(Comparator.comparingLong(Pair::graph).thenComparingLong(Pair::predicate));
                check(adds, graphs + " graphs, " + predicates + " predicates, by graph");
            }
        }
    }

    @Test
    void aPredicateSeenAgainLaterAddsUp() {
        PairCounter counter = new PairCounter();
        counter.add(5, 1);
        counter.add(6, 1);
        counter.add(5, 2);
        counter.add(5, 1);
        counter.add(5, 1);
        assertEquals(Map.of(new Pair(5, 1), 3L, new Pair(6, 1), 1L, new Pair(5, 2), 1L), counts(counter));
    }

    @Test
    void aDiscardingCounterHasNothing() {
        PairCounter counter = PairCounter.discarding();
        counter.add(1, 2);
        counter.add(1, 2);
        assertTrue(counts(counter).isEmpty());
    }

    private static void check(List<Pair> adds, String what) {
        Map<Pair, Long> expected = new HashMap<>();
        PairCounter counter = new PairCounter();
        for (Pair a : adds) {
            expected.merge(a, 1L, Long::sum);
            counter.add(a.graph, a.predicate);
        }
        assertEquals(expected, counts(counter), what);
    }

    private static Map<Pair, Long> counts(PairCounter counter) {
        Map<Pair, Long> seen = new HashMap<>();
        counter.forEach((g, p, n) -> {
            Long before = seen.put(new Pair(g, p), n);
            assertNull(before, "pair (" + g + ", " + p + ") visited twice");
        });
        return seen;
    }
}
