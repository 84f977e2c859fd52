package dev.quarry.store.rocks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Views taken while nothing is written share one RocksDB snapshot and reuse its idle
 * iterators ({@link SharedSnapshot}). Every way of changing the store must end the sharing,
 * or a view taken after a write would still read the state before it; and a compaction must
 * end it too, or idle iterators would keep the replaced files on disk.
 */
class SharedSnapshotTest {
    private static final byte[] KEY = {0x01, 0x7f};
    private static final byte[] VALUE = {0x2a};

    @TempDir
    Path dir;

    private static List<byte[]> entries(int tag, int n) {
        List<byte[]> kv = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            kv.add(new byte[] {(byte) tag, (byte) (i >>> 8), (byte) i});
            kv.add(new byte[] {(byte) i});
        }
        return kv;
    }

    /** The keys of {@code prefix} as a view's pooled cursor reads them. */
    private static List<String> keys(KvSnapshot view, byte[] prefix) {
        List<String> out = new ArrayList<>();
        try (KvCursor c = view.cursor()) {
            c.seek(prefix);
            while (c.next()) {
                out.add(java.util.Arrays.toString(c.key()));
            }
        }
        return out;
    }

    @Test
    void viewsTakenWithoutAWriteBetweenShareOneSnapshot() {
        try (RocksKv kv = RocksKv.open(dir, 8 << 20, false)) {
            kv.putAllUnsynced(entries(1, 10));
            try (KvSnapshot a = kv.snapshot(); KvSnapshot b = kv.snapshot()) {
                assertEquals(1, kv.openSnapshots());
                assertEquals(keys(a, new byte[] {1}), keys(b, new byte[] {1}));
            }
            assertEquals(1, kv.openSnapshots(), "kept for the next view until the store changes");
        }
    }

    @Test
    void eachKindOfWriteIsSeenByTheNextView() throws IOException {
        List<Consumer<RocksKv>> writes = List.of(
                kv -> kv.putAllUnsynced(List.of(KEY, VALUE)),
                kv -> {
                    try (KvBatch b = kv.newBatch()) {
                        b.put(KEY, VALUE);
                        kv.write(b);
                    }
                },
                kv -> {
                    Path file = dir.resolve("ingest.sst");
                    try (KvSstWriter w = kv.newSstWriter(file)) {
                        w.put(KEY, VALUE);
                        w.finish();
                    }
                    kv.ingest(List.of(file));
                });
        int n = 0;
        for (Consumer<RocksKv> write : writes) {
            Path store = Files.createDirectory(dir.resolve("store" + n++));
            try (RocksKv kv = RocksKv.open(store, 8 << 20, false)) {
                kv.putAllUnsynced(entries(1, 3));
                try (KvSnapshot before = kv.snapshot()) {
                    assertNull(before.get(KEY));
                    write.accept(kv);
                    try (KvSnapshot after = kv.snapshot()) {
                        assertArrayEquals(VALUE, after.get(KEY), "write " + (n - 1) + " not seen by a later view");
                        assertEquals(List.of(java.util.Arrays.toString(KEY)), keys(after, new byte[] {1, 0x7f}));
                    }
                    assertNull(before.get(KEY), "a view taken before the write keeps its state");
                    assertTrue(keys(before, new byte[] {1, 0x7f}).isEmpty());
                }
            }
        }
    }

    @Test
    void aRangeDeleteIsSeenByTheNextView() {
        try (RocksKv kv = RocksKv.open(dir, 8 << 20, false)) {
            kv.putAllUnsynced(entries(1, 5));
            try (KvSnapshot before = kv.snapshot()) {
                assertEquals(5, keys(before, new byte[] {1}).size());
                kv.deleteRanges(List.<byte[][]>of(new byte[][] {{1}, {2}}), List.of());
                try (KvSnapshot after = kv.snapshot()) {
                    assertTrue(keys(after, new byte[] {1}).isEmpty());
                }
                assertEquals(5, keys(before, new byte[] {1}).size());
            }
        }
    }

    @Test
    void aReusedIteratorReadsOnlyWhatItsNewCursorSeeks() {
        try (RocksKv kv = RocksKv.open(dir, 8 << 20, false)) {
            kv.putAllUnsynced(entries(1, 4));
            kv.putAllUnsynced(entries(2, 2));
            kv.putAllUnsynced(entries(3, 3));
            try (KvSnapshot view = kv.snapshot()) {
                for (int round = 0; round < 3; round++) { // the same few iterators, left anywhere
                    assertEquals(4, keys(view, new byte[] {1}).size());
                    assertEquals(2, keys(view, new byte[] {2}).size());
                    assertEquals(3, keys(view, new byte[] {3}).size());
                    try (KvCursor open = view.cursor(); KvCursor another = view.cursor()) {
                        open.seek(new byte[] {3});
                        assertTrue(open.next());
                        another.seek(new byte[] {2});
                        assertTrue(another.next());
                        assertTrue(another.next());
                        assertFalse(another.next());
                    }
                }
            }
        }
    }

    @Test
    void aCompactionFreesTheFilesIdleIteratorsWereOver() throws Exception {
        try (RocksKv kv = RocksKv.open(dir, 8 << 20, false)) {
            kv.putAllUnsynced(entries(1, 200));
            kv.flush();
            kv.putAllUnsynced(entries(1, 100));
            kv.flush();
            try (KvSnapshot view = kv.snapshot()) {
                assertEquals(200, keys(view, new byte[] {1}).size()); // its iterator goes back to the pool
            }
            Set<Path> before = sstFiles();
            assertEquals(2, before.size());
            kv.reclaim(List.<byte[][]>of(new byte[][] {{0}, {(byte) 0xff}})); // a compaction of both files
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (!disjoint(before, sstFiles()) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(disjoint(before, sstFiles()), "compacted files still on disk: " + sstFiles());
            try (KvSnapshot view = kv.snapshot()) {
                assertEquals(200, keys(view, new byte[] {1}).size());
            }
        }
    }

    private Set<Path> sstFiles() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".sst")).collect(Collectors.toSet());
        }
    }

    private static boolean disjoint(Set<Path> a, Set<Path> b) {
        return a.stream().noneMatch(b::contains);
    }
}
