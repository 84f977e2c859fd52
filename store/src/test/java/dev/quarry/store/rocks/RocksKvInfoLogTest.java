package dev.quarry.store.rocks;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A store opened many times keeps a few of RocksDB's info logs, not one per open. */
class RocksKvInfoLogTest {
    @TempDir
    Path dir;

    @Test
    void reopeningKeepsAFewInfoLogs() throws Exception {
        for (int i = 0; i < RocksKv.KEPT_INFO_LOGS + 10; i++) {
            try (RocksKv kv = RocksKv.open(dir, 8 << 20, false)) {
                kv.syncWal();
            }
        }
        try (Stream<Path> files = Files.list(dir)) {
            long logs = files.filter(f -> f.getFileName().toString().startsWith("LOG")).count();
            assertTrue(logs >= 1 && logs <= RocksKv.KEPT_INFO_LOGS, logs + " info logs");
        }
    }
}
