package dev.quarry.loader;

/** A load that did not commit: nothing of it is visible in the store. The message is one line. */
public class LoadException extends RuntimeException {
    public LoadException(String message) {
        super(message);
    }

    public LoadException(String message, Throwable cause) {
        super(message, cause);
    }
}
