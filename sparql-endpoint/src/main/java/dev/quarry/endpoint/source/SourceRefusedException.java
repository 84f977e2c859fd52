package dev.quarry.endpoint.source;

/** A source a client named that the server will not read (outside the allowed directories, a disabled scheme). */
public final class SourceRefusedException extends RuntimeException {
    public SourceRefusedException(String message) {
        super(message, null, false, false);
    }
}
