package dev.quarry.store;

/**
 * How a store is opened.
 *
 * @param blockCacheBytes RocksDB block cache size
 * @param syncCommits     whether a commit waits for the write-ahead log to reach the disk
 *                        (true: an acknowledged commit survives power loss; false: it survives
 *                        a process crash, and the OS decides when it reaches the disk)
 * @param readOnly        refuse every write
 * @param subjectTableBytes heap for predicates held in memory by subject for joins
 *                        ({@link QuadReader#subjectTable}); 0 for none
 */
public record StoreOptions(long blockCacheBytes, boolean syncCommits, boolean readOnly, long subjectTableBytes) {
    /** The default {@link #subjectTableBytes}: a sixteenth of the JVM's heap, at most 512 MB. */
    public static final long DEFAULT_SUBJECT_TABLE_BYTES = Math.min(512L << 20, Runtime.getRuntime().maxMemory() / 16);

    public static StoreOptions defaults() {
        return new StoreOptions(256L << 20, true, false, DEFAULT_SUBJECT_TABLE_BYTES);
    }

    public StoreOptions withSyncCommits(boolean sync) {
        return new StoreOptions(blockCacheBytes, sync, readOnly, subjectTableBytes);
    }

    public StoreOptions withReadOnly(boolean ro) {
        return new StoreOptions(blockCacheBytes, syncCommits, ro, subjectTableBytes);
    }

    public StoreOptions withBlockCacheBytes(long bytes) {
        return new StoreOptions(bytes, syncCommits, readOnly, subjectTableBytes);
    }

    public StoreOptions withSubjectTableBytes(long bytes) {
        return new StoreOptions(blockCacheBytes, syncCommits, readOnly, bytes);
    }
}
