package dev.quarry.loader.parse;

import org.apache.jena.riot.system.ErrorHandler;

/**
 * An error handler that keeps RIOT's last message, whatever its level: asking one of RIOT's
 * checkers a question (is this literal well-typed, is this IRI taken as written) in strict
 * mode, where a warning rejects a statement as an error does.
 */
final class LastMessage implements ErrorHandler {
    /** The last message, or null if none (set it back to null before asking again). */
    String message;

    @Override
    public void warning(String msg, long line, long col) {
        message = msg;
    }

    @Override
    public void error(String msg, long line, long col) {
        message = msg;
    }

    @Override
    public void fatal(String msg, long line, long col) {
        message = msg;
    }
}
