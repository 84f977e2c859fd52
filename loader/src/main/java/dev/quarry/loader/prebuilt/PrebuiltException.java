package dev.quarry.loader.prebuilt;

/** A build directory or dictionary snapshot that cannot be used as it is; the message is one line saying why and what to do. */
public final class PrebuiltException extends RuntimeException {
    public PrebuiltException(String message) {
        super(message);
    }
}
