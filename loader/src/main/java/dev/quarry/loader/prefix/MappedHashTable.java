package dev.quarry.loader.prefix;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * An exact hash table from byte strings to a long, kept in two {@link MappedFile}s: an
 * append-only entry log ({@code [long value][int key length][key bytes]}, 8-byte aligned,
 * never crossing a chunk) and a slot array with linear probing. A slot holds the upper 32
 * bits of the key's hash (to skip most foreign entries without reading them, and to
 * rehash without re-reading keys) and the entry's position / 8 + 1 (0 = empty). The
 * position of an entry is its stable id. Not thread-safe: {@link SharedPrefixes} locks.
 */
final class MappedHashTable implements AutoCloseable {
    private static final int HEADER = 12;
    private static final long MAX_ENTRY_UNITS = 0xFFFF_FFFFL - 1;

    private final Path dir;
    private final String name;
    private final MappedFile entries;
    private MappedFile slots;
    private int generation;
    private long capacity;
    private long size;
    private long end = 8; // position 0 is never an entry
    private byte[] scratch = new byte[64];

    MappedHashTable(Path dir, String name) {
        this.dir = dir;
        this.name = name;
        this.entries = new MappedFile(dir.resolve(name + ".entries"));
        this.capacity = 1 << 12;
        this.slots = new MappedFile(dir.resolve(name + ".slots0"));
    }

    long size() {
        return size;
    }

    /** The entry holding {@code key}, or -1. */
    long find(byte[] key) {
        long h = hash(key);
        int tag = (int) (h >>> 32);
        long mask = capacity - 1;
        for (long i = tag & mask; ; i = (i + 1) & mask) {
            long slot = slots.getLong(i * 8);
            if (slot == 0) {
                return -1;
            }
            if ((int) (slot >>> 32) == tag) {
                long entry = ((slot & 0xFFFF_FFFFL) - 1) * 8;
                if (keyEquals(entry, key)) {
                    return entry;
                }
            }
        }
    }

    /** Adds {@code key}, which must not be in the table, with {@code value}; returns its entry. */
    long insert(byte[] key, long value) {
        if ((size + 1) * 2 > capacity) {
            grow();
        }
        long length = (HEADER + key.length + 7) & ~7L;
        if (length > MappedFile.CHUNK) {
            throw new IllegalArgumentException("prefix or namespace too long: " + key.length + " bytes");
        }
        if ((end >>> MappedFile.CHUNK_BITS) != ((end + length - 1) >>> MappedFile.CHUNK_BITS)) {
            end = ((end >>> MappedFile.CHUNK_BITS) + 1) << MappedFile.CHUNK_BITS;
        }
        long entry = end;
        if (entry / 8 + 1 > MAX_ENTRY_UNITS) {
            throw new IllegalStateException("prefix table " + name + " is full (32 GB)");
        }
        entries.putLong(entry, value);
        entries.putInt(entry + 8, key.length);
        entries.put(entry + HEADER, key);
        end += length;
        place(slots, capacity, (int) (hash(key) >>> 32), entry / 8 + 1);
        size++;
        return entry;
    }

    long value(long entry) {
        return entries.getLong(entry);
    }

    void value(long entry, long v) {
        entries.putLong(entry, v);
    }

    byte[] key(long entry) {
        byte[] out = new byte[entries.getInt(entry + 8)];
        entries.get(entry + HEADER, out, out.length);
        return out;
    }

    private boolean keyEquals(long entry, byte[] key) {
        int len = entries.getInt(entry + 8);
        if (len != key.length) {
            return false;
        }
        if (scratch.length < len) {
            scratch = new byte[Math.max(len, scratch.length * 2)];
        }
        entries.get(entry + HEADER, scratch, len);
        return Arrays.equals(scratch, 0, len, key, 0, len);
    }

    private static void place(MappedFile slots, long capacity, int tag, long unit) {
        long mask = capacity - 1;
        long i = tag & mask;
        while (slots.getLong(i * 8) != 0) {
            i = (i + 1) & mask;
        }
        slots.putLong(i * 8, ((long) tag << 32) | unit);
    }

    /** Doubles the slot array into a new file: the stored tags give every entry's new place. */
    private void grow() {
        long bigger = capacity * 2;
        if (bigger > 1L << 32) {
            throw new IllegalStateException("prefix table " + name + " is full (2^31 entries)");
        }
        MappedFile next = new MappedFile(dir.resolve(name + ".slots" + (++generation)));
        for (long i = 0; i < capacity; i++) {
            long slot = slots.getLong(i * 8);
            if (slot != 0) {
                place(next, bigger, (int) (slot >>> 32), slot & 0xFFFF_FFFFL);
            }
        }
        slots.close();
        slots = next;
        capacity = bigger;
    }

    /** FNV-1a over the bytes, then a 64-bit finaliser so that every bit of the result depends on every byte. */
    static long hash(byte[] key) {
        long h = 0xcbf29ce484222325L;
        for (byte b : key) {
            h = (h ^ (b & 0xff)) * 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb93f5fe1a85bL;
        return h ^ (h >>> 33);
    }

    @Override
    public void close() {
        slots.close();
        entries.close();
    }
}
