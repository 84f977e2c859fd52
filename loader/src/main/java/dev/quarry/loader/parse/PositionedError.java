package dev.quarry.loader.parse;

import org.apache.jena.riot.system.ErrorHandler;

/** A RIOT error with its position (in RIOT's line numbering), thrown out of the parse to end it. */
final class PositionedError extends RuntimeException {
    final long line;
    final long col;

    PositionedError(String message, long line, long col) {
        super(message, null, false, false);
        this.line = line;
        this.col = col;
    }

    /** An error handler that throws errors as {@link PositionedError}s; what a warning does is the subclass's. */
    abstract static class Thrower implements ErrorHandler {
        @Override
        public void error(String message, long line, long col) {
            throw new PositionedError(message, line, col);
        }

        @Override
        public void fatal(String message, long line, long col) {
            throw new PositionedError(message, line, col);
        }
    }
}
