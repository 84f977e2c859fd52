package dev.quarry.endpoint.sparql;

import org.apache.jena.riot.RiotException;
import org.apache.jena.riot.system.ErrorHandler;

/** Parse errors as "line L, column C: message", stopping at the first; warnings are ignored. */
final class PositionedErrors implements ErrorHandler {
    static final PositionedErrors INSTANCE = new PositionedErrors();

    @Override
    public void warning(String message, long line, long col) {
        // lenient on what RIOT only warns about (e.g. unusual IRIs)
    }

    @Override
    public void error(String message, long line, long col) {
        throw new RiotException(position(line, col) + message);
    }

    @Override
    public void fatal(String message, long line, long col) {
        throw new RiotException(position(line, col) + message);
    }

    private static String position(long line, long col) {
        if (line < 0) {
            return "";
        }
        return "line " + line + (col >= 0 ? ", column " + col : "") + ": ";
    }
}
