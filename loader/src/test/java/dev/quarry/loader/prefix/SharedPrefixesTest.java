package dev.quarry.loader.prefix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.apache.jena.riot.system.PrefixMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SharedPrefixesTest {
    @TempDir
    Path tmp;

    @Test
    void labelsArePerFeedAndRedefinable() {
        try (SharedPrefixes shared = new SharedPrefixes(tmp)) {
            PrefixMap a = shared.newFeedMap();
            PrefixMap b = shared.newFeedMap();
            a.add("ex", "http://example.org/a#");
            assertEquals("http://example.org/a#x", a.expand("ex", "x"));
            assertEquals("http://example.org/a#x", a.expand("ex:x"));
            assertNull(b.expand("ex", "x"), "a label of one document must not leak into another");
            b.add("ex:", "http://example.org/a#");
            a.add("ex", "http://example.org/b#");
            assertEquals("http://example.org/b#x", a.expand("ex", "x"));
            assertEquals("http://example.org/a#x", b.expand("ex", "x"));
            assertEquals(2, shared.namespaceCount(), "one namespace declared by two feeds is stored once");
            assertEquals(1, a.size());
            a.delete("ex");
            assertFalse(a.containsPrefix("ex"));
            assertTrue(a.isEmpty());
            a.add("", "http://example.org/empty/");
            assertEquals("http://example.org/empty/y", a.expand("", "y"));
        }
    }

    @Test
    void agreesWithAHashMapThroughManyGrowthsAndPastTheCache() {
        Random random = new Random(42);
        Map<String, String> expected = new HashMap<>();
        try (SharedPrefixes shared = new SharedPrefixes(tmp)) {
            PrefixMap map = shared.newFeedMap();
            for (int i = 0; i < 100_000; i++) {
                String label = "p" + random.nextInt(60_000);
                String ns = "http://example.org/" + random.nextInt(30_000) + "/";
                map.add(label, ns);
                expected.put(label, ns);
            }
            for (int i = 0; i < 60_000; i++) {
                String ns = expected.get("p" + i);
                assertEquals(ns == null ? null : ns + "z", map.expand("p" + i, "z"), "p" + i);
            }
            assertEquals(expected.size(), map.size());
        }
    }

    @Test
    void entriesNeverCrossAMappedChunk() {
        String big = "x".repeat(60_000);
        try (SharedPrefixes shared = new SharedPrefixes(tmp)) {
            PrefixMap map = shared.newFeedMap();
            int n = (int) (MappedFile.CHUNK / 60_000) * 2 + 3; // about two chunks of namespaces
            for (int i = 0; i < n; i++) {
                map.add("p" + i, "http://example.org/" + i + "/" + big);
            }
            for (int i = 0; i < n; i++) {
                assertEquals("http://example.org/" + i + "/" + big + "l", map.expand("p" + i, "l"));
            }
        }
    }

    @Test
    void closeDeletesTheTables() throws Exception {
        SharedPrefixes shared = new SharedPrefixes(tmp);
        shared.newFeedMap().add("ex", "http://example.org/");
        shared.close();
        try (var files = Files.list(tmp)) {
            assertEquals(0, files.count());
        }
    }
}
