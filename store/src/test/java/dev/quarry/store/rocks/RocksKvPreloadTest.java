package dev.quarry.store.rocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading a store into the block cache at a server's start: every key, or up to the budget, or until told to stop. */
class RocksKvPreloadTest {
    private static final int KEYS = 200_000;
    /** Every key, in key order. */
    private static final List<RocksKv.KeyRange> ALL = List.of(new RocksKv.KeyRange(new byte[0], null));

    @TempDir
    Path dir;

    /** A store of {@link #KEYS} keys with 100 random (incompressible) bytes each, in files; reopened so its cache is empty. */
    private void write() {
        write((byte) 0x01, 1);
    }

    /** {@link #KEYS} more keys under {@code tag}, written as {@link #write()} writes them. */
    private void write(byte tag, long seed) {
        try (RocksKv kv = RocksKv.open(dir, 8 << 20, false)) {
            Random random = new Random(seed);
            List<byte[]> entries = new ArrayList<>();
            for (int i = 0; i < KEYS; i++) {
                entries.add(new byte[] {tag, (byte) (i >>> 16), (byte) (i >>> 8), (byte) i});
                byte[] value = new byte[100];
                random.nextBytes(value);
                entries.add(value);
            }
            kv.putAllUnsynced(entries);
            kv.flush();
        }
    }

    @Test
    void readsEveryKeyIntoTheCacheWhenItFits() {
        write();
        try (RocksKv kv = RocksKv.open(dir, 256 << 20, false)) {
            long before = kv.memoryUsage().get("block_cache");
            assertEquals(KEYS, kv.preloadBlockCache(ALL, 128 << 20, () -> false));
            long after = kv.memoryUsage().get("block_cache");
            assertTrue(after - before > KEYS * 100L, "cached " + before + " -> " + after + " bytes");
            long hits = kv.tickers().get("block_cache_hit");
            long misses = kv.tickers().get("block_cache_miss");
            for (int i = 0; i < KEYS; i += 997) {
                kv.get(new byte[] {0x01, (byte) (i >>> 16), (byte) (i >>> 8), (byte) i});
            }
            assertEquals(misses, kv.tickers().get("block_cache_miss"), "a read after the preload finds its blocks cached");
            assertTrue(kv.tickers().get("block_cache_hit") > hits);
        }
    }

    @Test
    void stopsAtTheBudgetOrWhenTold() {
        write();
        try (RocksKv kv = RocksKv.open(dir, 256 << 20, false)) {
            long read = kv.preloadBlockCache(ALL, 2 << 20, () -> false);
            assertTrue(read < KEYS / 2, read + " keys read for a 2 MB budget (the data is ~20 MB)");
            assertTrue(kv.memoryUsage().get("block_cache") < 4 << 20, "cached " + kv.memoryUsage().get("block_cache"));
        }
        try (RocksKv kv = RocksKv.open(dir, 256 << 20, false)) {
            long read = kv.preloadBlockCache(ALL, 128 << 20, () -> true);
            assertEquals(1 << 12, read, "checks the stop every 4,096 keys");
        }
    }

    @Test
    void readsTheRangesInTheOrderGiven() {
        write();
        write((byte) 0x10, 2);
        try (RocksKv kv = RocksKv.open(dir, 256 << 20, false)) {
            byte[] second = {0x10};
            long read = kv.preloadBlockCache(List.of(new RocksKv.KeyRange(second, null),
                    new RocksKv.KeyRange(new byte[0], second)), 28 << 20, () -> false);
            assertTrue(read >= KEYS && read < KEYS * 2, read + " keys read for a 28 MB budget (each key space is ~20 MB)");
            long misses = kv.tickers().get("block_cache_miss");
            for (int i = 0; i < KEYS; i += 997) {
                kv.get(new byte[] {0x10, (byte) (i >>> 16), (byte) (i >>> 8), (byte) i});
            }
            assertEquals(misses, kv.tickers().get("block_cache_miss"), "the range asked first is cached");
            int last = KEYS - 1;
            kv.get(new byte[] {0x01, (byte) (last >>> 16), (byte) (last >>> 8), (byte) last});
            assertTrue(kv.tickers().get("block_cache_miss") > misses, "the end of the range after it is not");
        }
    }
}
