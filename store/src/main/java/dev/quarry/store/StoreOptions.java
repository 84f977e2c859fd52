package dev.quarry.store;

/**
 * How a store is opened.
 *
 * @param blockCacheBytes RocksDB block cache size
 * @param syncCommits     whether a commit waits for the write-ahead log to reach the disk
 *                        (true: an acknowledged commit survives power loss; false: it survives
 *                        a process crash, and the OS decides when it reaches the disk)
 * @param readOnly        refuse every write
 * @param predicateTableBytes heap for predicates held in memory by subject or object for joins
 *                        ({@link QuadReader#predicateTable}); 0 for none
 */
public record StoreOptions(long blockCacheBytes, boolean syncCommits, boolean readOnly, long predicateTableBytes) {
    /** The default {@link #predicateTableBytes}: a sixteenth of the JVM's heap, at most 512 MB. */
    public static final long DEFAULT_PREDICATE_TABLE_BYTES = Math.min(512L << 20, Runtime.getRuntime().maxMemory() / 16);

    public static StoreOptions defaults() {
        return new StoreOptions(256L << 20, true, false, DEFAULT_PREDICATE_TABLE_BYTES);
    }

    public StoreOptions withSyncCommits(boolean sync) {
        return new StoreOptions(blockCacheBytes, sync, readOnly, predicateTableBytes);
    }

    public StoreOptions withReadOnly(boolean ro) {
        return new StoreOptions(blockCacheBytes, syncCommits, ro, predicateTableBytes);
    }

    public StoreOptions withBlockCacheBytes(long bytes) {
        return new StoreOptions(bytes, syncCommits, readOnly, predicateTableBytes);
    }

    public StoreOptions withPredicateTableBytes(long bytes) {
        return new StoreOptions(blockCacheBytes, syncCommits, readOnly, bytes);
    }
}
