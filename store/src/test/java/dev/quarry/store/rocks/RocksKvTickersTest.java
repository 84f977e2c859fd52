package dev.quarry.store.rocks;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The metrics' RocksDB tickers keep counting with histograms (and their timers) switched off. */
class RocksKvTickersTest {
    @TempDir
    Path dir;

    @Test
    void tickersCountReadsAndWrites() {
        try (RocksKv kv = RocksKv.open(dir, 8 << 20, false)) {
            List<byte[]> entries = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                entries.add(new byte[] {0x01, (byte) (i >>> 8), (byte) i});
                entries.add(new byte[] {(byte) i});
            }
            kv.putAllUnsynced(entries);
            kv.flush();
            for (int round = 0; round < 2; round++) {
                for (int i = 0; i < entries.size(); i += 2) {
                    kv.get(entries.get(i));
                }
            }
            Map<String, Long> t = kv.tickers();
            assertTrue(t.get("number_keys_written") >= 1000, t.toString());
            assertTrue(t.get("number_keys_read") >= 2000, t.toString());
            assertTrue(t.get("block_cache_hit") > 0, t.toString());
        }
    }
}
