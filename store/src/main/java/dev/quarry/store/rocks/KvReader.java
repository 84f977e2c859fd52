package dev.quarry.store.rocks;

/** Point reads and prefix scans: implemented by the latest state, a snapshot and a write batch. */
public interface KvReader {
    byte[] get(byte[] key);

    KvIterator scan(byte[] prefix);

    /** A scan that can be repositioned on other prefixes ({@link KvCursor#seek}); nothing is read before the first seek. */
    KvCursor cursor();

    /**
     * RocksDB's estimate of the bytes the keys starting with {@code prefix} take (files
     * and memtables, compressed, resolution about one data block; a write batch's own
     * writes are not counted). For the proportions of ranges in query planning.
     */
    long approximateBytes(byte[] prefix);

    /** As {@link #approximateBytes(byte[])}, for the keys in {@code [from, to)}; a null {@code to} is the end of all keys. */
    long approximateBytes(byte[] from, byte[] to);
}
