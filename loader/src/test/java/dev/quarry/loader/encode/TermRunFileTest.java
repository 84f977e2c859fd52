package dev.quarry.loader.encode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.store.encoding.TermId;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A spilled run finds each of its terms with its id, and no other term; its Bloom filter lets few others through. */
class TermRunFileTest {
    @TempDir
    Path tmp;

    @Test
    void findsItsTermsAndNoOthers() {
        for (int n : new int[] {1, 7, 100, 50_000}) {
            TermArena arena = new TermArena();
            List<Integer> entries = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                byte[] t = term("in", i);
                entries.add(arena.append(t, 0, t.length, 1000L + i, TermArena.NEW));
            }
            int[] sorted = entries.stream().mapToInt(Integer::intValue).toArray();
            ArenaSort.sortByBytes(arena, sorted);
            TermRunFile run = TermRunFile.write(tmp.resolve("run-" + n), arena, sorted, n);
            try {
                for (int i = 0; i < n; i++) {
                    byte[] t = term("in", i);
                    assertEquals(1000L + i, run.find(t, 0, t.length, ByteHash.hash(t, 0, t.length)), n + " terms, term " + i);
                }
                int absent = Math.max(1000, n * 2), passed = 0;
                for (int i = 0; i < absent; i++) {
                    byte[] t = term("out", i);
                    assertEquals(TermId.NONE, run.find(t, 0, t.length, ByteHash.hash(t, 0, t.length)));
                    passed += run.mayHold(ByteHash.hash(t, 0, t.length)) ? 1 : 0;
                }
                if (n >= 50_000) { // 10 bits a term: about 1 % (a filter too full or too empty shows here)
                    assertTrue(passed < absent * 2 / 100, passed + " of " + absent + " absent terms passed the filter");
                }
            } finally {
                run.delete();
            }
        }
    }

    private static byte[] term(String kind, int i) {
        return ("\u0001http://www.example.com/" + kind + "/Product" + i).getBytes(StandardCharsets.UTF_8);
    }
}
