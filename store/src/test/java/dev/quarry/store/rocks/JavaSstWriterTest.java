package dev.quarry.store.rocks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.store.error.StoreException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link JavaSstWriter} writes RocksDB's table format by hand, so RocksDB is the judge: the
 * same entries are written by it and by RocksDB's own writer, each file is ingested into a
 * store of its own, and the two stores must read the same, key by key, by scans, seeks and
 * point reads, after a reopen (which checks each file's unique id against the manifest) and
 * after a compaction that rewrites the Java file with RocksDB's writer.
 */
class JavaSstWriterTest {
    @TempDir
    Path dir;

    /** Sorted unique keys (1-60 bytes, some prefixes of others) and values (mostly short, some longer than a block). */
    private static TreeMap<byte[], byte[]> entries(long seed, int n, boolean incompressible) {
        Random random = new Random(seed);
        TreeMap<byte[], byte[]> m = new TreeMap<>(Arrays::compareUnsigned);
        while (m.size() < n) {
            byte[] key = new byte[1 + random.nextInt(random.nextInt(8) == 0 ? 60 : 34)];
            key[0] = (byte) (1 + random.nextInt(4));
            for (int i = 1; i < key.length; i++) {
                key[i] = (byte) (random.nextInt(3) == 0 ? random.nextInt(256) : random.nextInt(4));
            }
            int length = switch (random.nextInt(100)) {
                case 0 -> 16_384 + random.nextInt(30_000);
                case 1, 2, 3 -> random.nextInt(3_000);
                default -> random.nextInt(3) == 0 ? 0 : random.nextInt(40);
            };
            byte[] value = new byte[length];
            for (int i = 0; i < length; i++) {
                value[i] = (byte) (incompressible ? random.nextInt(256) : 'a' + random.nextInt(3));
            }
            m.put(key, value);
        }
        return m;
    }

    private static Path write(KvSstWriter writer, TreeMap<byte[], byte[]> entries) {
        try (writer) {
            entries.forEach(writer::put);
            assertTrue(writer.finish());
            return writer.file();
        }
    }

    /** The store's whole content, in order. */
    private static List<String> content(RocksKv kv) {
        List<String> out = new ArrayList<>();
        try (KvIterator it = kv.scan(new byte[0])) {
            while (it.next()) {
                out.add(Arrays.toString(it.key()) + "=" + Arrays.hashCode(it.value()) + "/" + it.value().length);
            }
        }
        return out;
    }

    /** What a cursor reads from {@code target} on, under {@code target}'s first byte: up to 5 keys. */
    private static List<String> seek(RocksKv kv, byte[] target) {
        List<String> out = new ArrayList<>();
        try (KvCursor c = kv.cursor()) {
            c.seek(new byte[] {target[0]}, target);
            while (out.size() < 5 && c.next()) {
                out.add(Arrays.toString(c.key()));
            }
        }
        return out;
    }

    private void assertSameReads(RocksKv java, RocksKv rocks, TreeMap<byte[], byte[]> entries, long seed) {
        assertEquals(content(rocks), content(java));
        assertEquals(entries.size(), content(java).size());
        Random random = new Random(seed);
        List<byte[]> keys = new ArrayList<>(entries.keySet());
        for (int i = 0; i < 2_000; i++) {
            byte[] key = keys.get(random.nextInt(keys.size()));
            byte[] probe = random.nextBoolean() ? key.clone() : Arrays.copyOf(key, Math.max(1, key.length + random.nextInt(5) - 2));
            probe[probe.length - 1] += (byte) (probe.length == key.length ? 0 : random.nextInt(3));
            byte[] expected = entries.get(probe);
            byte[] got = java.get(probe);
            assertArrayEquals(expected, got, () -> "get " + Arrays.toString(probe));
            assertArrayEquals(rocks.get(probe), got);
            assertEquals(seek(rocks, probe), seek(java, probe), () -> "seek " + Arrays.toString(probe));
        }
    }

    private void compare(long seed, int n, boolean incompressible) {
        TreeMap<byte[], byte[]> entries = entries(seed, n, incompressible);
        Path javaFile = write(new JavaSstWriter(dir.resolve("java-" + seed + ".sst")), entries);
        Path rocksFile = write(RocksKv.standaloneSstWriter(dir.resolve("rocks-" + seed + ".sst"), true), entries);
        List<byte[]> inFile = new ArrayList<>();
        KvSstReader.forEachKey(javaFile, inFile::add); // every block's checksum checked
        assertEquals(entries.size(), inFile.size());

        Path javaStore = dir.resolve("java-store-" + seed);
        Path rocksStore = dir.resolve("rocks-store-" + seed);
        try (RocksKv java = RocksKv.open(javaStore, 1 << 20, false); RocksKv rocks = RocksKv.open(rocksStore, 1 << 20, false)) {
            java.ingest(List.of(javaFile));
            rocks.ingest(List.of(rocksFile));
            assertSameReads(java, rocks, entries, seed);
        }
        try (RocksKv java = RocksKv.open(javaStore, 1 << 20, false); RocksKv rocks = RocksKv.open(rocksStore, 1 << 20, false)) {
            assertSameReads(java, rocks, entries, seed + 1);
            java.reclaim(List.<byte[][]>of(new byte[][] {{0}, {(byte) 0xff, (byte) 0xff}}));
            assertSameReads(java, rocks, entries, seed + 2);
        }
    }

    @Test
    void aStoreReadsAJavaFileAsItReadsRocksDbsOwn() {
        compare(11, 20_000, false);
    }

    @Test
    void manyBlocksAndIndexPartitions() {
        compare(12, 60_000, false);
    }

    @Test
    void incompressibleBlocksAreStoredAsTheyAre() {
        compare(13, 3_000, true);
    }

    @Test
    void oneKey() {
        compare(14, 1, false);
    }

    @Test
    void aFileWithNoKeyLeavesNothing() {
        Path file = dir.resolve("empty.sst");
        try (KvSstWriter w = new JavaSstWriter(file)) {
            assertFalse(w.finish());
        }
        assertFalse(Files.exists(file));
    }

    @Test
    void keysOutOfOrderAreRefused() {
        try (KvSstWriter w = new JavaSstWriter(dir.resolve("order.sst"))) {
            w.put(new byte[] {1, 2}, new byte[0]);
            assertThrows(IllegalArgumentException.class, () -> w.put(new byte[] {1, 2}, new byte[0]));
            assertThrows(IllegalArgumentException.class, () -> w.put(new byte[] {1, 1, 9}, new byte[0]));
        }
    }

    @Test
    void aChangedByteFailsTheBlocksChecksum() throws IOException {
        TreeMap<byte[], byte[]> entries = entries(15, 5_000, false);
        Path file = write(new JavaSstWriter(dir.resolve("flip.sst")), entries);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.allocate(1);
            ch.read(b, 100);
            b.put(0, (byte) (b.get(0) ^ 0x10)).rewind();
            ch.write(b, 100);
        }
        StoreException e = assertThrows(StoreException.class, () -> KvSstReader.forEachKey(file, k -> { }));
        assertNotNull(e.getMessage());
        assertTrue(e.getMessage().toLowerCase().contains("checksum") || e.getMessage().toLowerCase().contains("corrupt"),
                e.getMessage());
    }
}
