package dev.quarry.store.rocks;

/** Point reads and prefix scans: implemented by the latest state, a snapshot and a write batch. */
public interface KvReader {
    byte[] get(byte[] key);

    KvIterator scan(byte[] prefix);
}
