package dev.quarry.store.error;

/** The directory is not a Quarry store, or one of a format version this build cannot open. */
public final class StoreFormatException extends StoreException {
    public StoreFormatException(String message) {
        super(message);
    }
}
