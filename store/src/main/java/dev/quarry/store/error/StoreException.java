package dev.quarry.store.error;

/** A store operation failed; the message is one line a user can act on. */
public class StoreException extends RuntimeException {
    public StoreException(String message) {
        super(message);
    }

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
