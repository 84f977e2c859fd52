package dev.quarry.loader.parse;

/** Receives bad statements of one feed, with their position (1-based; 0 if unknown). */
public interface ParseErrors {
    /** A statement that could not be parsed; it is skipped. */
    void parsingError(long line, long column, String message);

    /** A literal whose lexical form does not fit its datatype (RIOT's strict mode rejects it); the statement is skipped. */
    void datatypeMismatch(long line, long column, String message);
}
