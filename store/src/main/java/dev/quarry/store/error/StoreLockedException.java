package dev.quarry.store.error;

/** The store directory is open in another process (or already in this one). */
public final class StoreLockedException extends StoreException {
    public StoreLockedException(String message, Throwable cause) {
        super(message, cause);
    }
}
