package dev.quarry.loader;

/**
 * One bad statement: where it is and what is wrong. Line and column are 1-based; 0 when
 * the parser cannot tell.
 */
public record LoadError(Kind kind, String file, long line, long column, String message) implements java.io.Serializable {
    /** Neptune's error classes. */
    public enum Kind {
        PARSING, DATATYPE_MISMATCH, INSERT
    }

    /** {@code file:line:col: message}, the form the CLI prints. */
    @Override
    public String toString() {
        return file + ":" + line + ":" + column + ": " + message;
    }
}
