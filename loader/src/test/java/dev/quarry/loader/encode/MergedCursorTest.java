package dev.quarry.loader.encode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Merging sorted cursors yields every entry once, in order, and closes every cursor. */
class MergedCursorTest {
    @Test
    void mergesByTermAndById() {
        Random rnd = new Random(5);
        TreeMap<String, Long> all = new TreeMap<>();
        List<List<String>> parts = new ArrayList<>();
        for (int k = 0; k < 7; k++) {
            parts.add(new ArrayList<>());
        }
        parts.get(3).clear(); // an empty cursor among them
        for (int i = 0; i < 2000; i++) {
            String t = Integer.toString(rnd.nextInt(1_000_000), 36) + "\u00e9";
            if (all.putIfAbsent(t, (long) i) == null) {
                int k = rnd.nextInt(7);
                parts.get(k == 3 ? 4 : k).add(t);
            }
        }
        int[] closed = {0};
        List<TermCursor> byTerm = new ArrayList<>();
        for (List<String> p : parts) {
            byTerm.add(cursor(p.stream().sorted().toList(), all, closed));
        }
        List<String> seen = new ArrayList<>();
        try (TermCursor c = new MergedCursor(byTerm, MergedCursor.BY_TERM)) {
            while (c.next()) {
                String t = new String(c.term(), StandardCharsets.UTF_8);
                assertEquals(all.get(t), c.id());
                seen.add(t);
            }
            assertFalse(c.next());
        }
        assertEquals(new ArrayList<>(all.keySet()), seen); // UTF-8 byte order = String order here
        assertEquals(7, closed[0]);

        List<TermCursor> byId = new ArrayList<>();
        for (List<String> p : parts) {
            byId.add(cursor(p.stream().sorted((a, b) -> Long.compare(all.get(a), all.get(b))).toList(), all, closed));
        }
        long last = -1;
        int n = 0;
        try (TermCursor c = new MergedCursor(byId, MergedCursor.BY_ID)) {
            while (c.next()) {
                assertEquals(true, c.id() > last);
                last = c.id();
                n++;
            }
        }
        assertEquals(all.size(), n);
    }

    /** Ids in blocks per cursor, as dictionary shards reserve them: merged in exact id order. */
    @Test
    void mergesBlocksOfIds() {
        TreeMap<String, Long> ids = new TreeMap<>();
        List<List<String>> parts = new ArrayList<>();
        for (int k = 0; k < 5; k++) {
            parts.add(new ArrayList<>());
        }
        Random rnd = new Random(3);
        long next = 0;
        for (int block = 0; block < 200; block++) {
            List<String> part = parts.get(rnd.nextInt(5));
            for (int i = 0, n = 1 + rnd.nextInt(6); i < n; i++) {
                String t = "t" + next;
                ids.put(t, next++);
                part.add(t);
            }
        }
        int[] closed = {0};
        List<TermCursor> byId = new ArrayList<>();
        for (List<String> p : parts) {
            byId.add(cursor(p, ids, closed));
        }
        long expected = 0;
        try (TermCursor c = new MergedCursor(byId, MergedCursor.BY_ID)) {
            while (c.next()) {
                assertEquals(expected++, c.id());
            }
        }
        assertEquals(next, expected);
    }

    private static TermCursor cursor(List<String> terms, TreeMap<String, Long> ids, int[] closed) {
        return new TermCursor() {
            int i = -1;

            @Override
            public boolean next() {
                return ++i < terms.size();
            }

            @Override
            public byte[] term() {
                return terms.get(i).getBytes(StandardCharsets.UTF_8);
            }

            @Override
            public long id() {
                return ids.get(terms.get(i));
            }

            @Override
            public void close() {
                closed[0]++;
            }
        };
    }
}
