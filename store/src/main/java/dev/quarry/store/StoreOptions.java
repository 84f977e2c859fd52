package dev.quarry.store;

/**
 * How a store is opened.
 *
 * @param blockCacheBytes RocksDB block cache size
 * @param syncCommits     whether a commit waits for the write-ahead log to reach the disk
 *                        (true: an acknowledged commit survives power loss; false: it survives
 *                        a process crash, and the OS decides when it reaches the disk)
 * @param readOnly        refuse every write
 */
public record StoreOptions(long blockCacheBytes, boolean syncCommits, boolean readOnly) {
    public static StoreOptions defaults() {
        return new StoreOptions(256L << 20, true, false);
    }

    public StoreOptions withSyncCommits(boolean sync) {
        return new StoreOptions(blockCacheBytes, sync, readOnly);
    }

    public StoreOptions withReadOnly(boolean ro) {
        return new StoreOptions(blockCacheBytes, syncCommits, ro);
    }

    public StoreOptions withBlockCacheBytes(long bytes) {
        return new StoreOptions(bytes, syncCommits, readOnly);
    }
}
