package dev.quarry.store.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quarry.store.rocks.RocksKv;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Namespace ids survive a reopen, and the next new namespace gets the next id (from the greatest in use). */
class PrefixDictionaryTest {
    @TempDir
    Path dir;

    @Test
    void idsContinueAfterReopen() {
        try (RocksKv kv = RocksKv.open(dir, 8 << 20, false)) {
            PrefixDictionary d = new PrefixDictionary(kv);
            for (int i = 1; i <= 300; i++) {
                assertEquals(i, d.prefixId("http://example.org/ns" + i + "/", true));
            }
        }
        try (RocksKv kv = RocksKv.open(dir, 8 << 20, false)) {
            PrefixDictionary d = new PrefixDictionary(kv);
            assertEquals(300, d.size());
            assertEquals(7, d.prefixId("http://example.org/ns7/", false));
            assertEquals("http://example.org/ns300/", d.namespace(300));
            assertEquals(301, d.prefixId("http://example.org/new/", true));
        }
    }

    @Test
    void emptyStoreStartsAtOne() {
        try (RocksKv kv = RocksKv.open(dir, 8 << 20, false)) {
            assertEquals(1, new PrefixDictionary(kv).prefixId("http://example.org/", true));
        }
    }
}
