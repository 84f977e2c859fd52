package dev.quarry.store.rocks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Space reclamation after range deletes must never touch data written after them. */
class RocksKvReclaimTest {
    private static final List<byte[][]> RANGE = List.<byte[][]>of(new byte[][] {{0x01}, {0x07}});

    @TempDir
    Path dir;

    private static List<byte[]> entries(int from, int to) {
        List<byte[]> kv = new ArrayList<>();
        for (int i = from; i < to; i++) {
            kv.add(new byte[] {0x01, (byte) (i >>> 8), (byte) i});
            kv.add(new byte[] {(byte) i});
        }
        return kv;
    }

    /**
     * Regression: reclaim used DeleteFilesInRanges, which deletes whole files by key range
     * whatever their age, so a reclaim that ran after new writes (a second DROP ALL queued
     * behind the first, a reopen) deleted committed data written after the drop.
     */
    @Test
    void reclaimKeepsDataWrittenAfterTheDrop() {
        try (RocksKv kv = RocksKv.open(dir, 8 << 20, false)) {
            kv.putAllUnsynced(entries(0, 500));
            kv.flush();
            kv.deleteRanges(RANGE, List.of());
            kv.putAllUnsynced(entries(1000, 1500));
            kv.flush();
            kv.reclaim(RANGE); // compacts the new data into files that lie wholly in the range
            kv.reclaim(RANGE); // e.g. the reclaim of a later drop, or the one after a reopen
            assertNull(kv.get(entries(0, 1).get(0)));
            List<byte[]> fresh = entries(1000, 1500);
            for (int i = 0; i < fresh.size(); i += 2) {
                assertArrayEquals(fresh.get(i + 1), kv.get(fresh.get(i)), "lost a key written after the drop");
            }
        }
    }
}
