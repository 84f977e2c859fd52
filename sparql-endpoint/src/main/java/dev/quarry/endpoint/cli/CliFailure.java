package dev.quarry.endpoint.cli;

/**
 * A command failed for a reason the user can fix; the message is the one line printed.
 * Positioned failures ({@code source:line:col: message}) are printed without the command name.
 */
final class CliFailure extends RuntimeException {
    private final boolean positioned;

    CliFailure(String message) {
        this(message, null, false);
    }

    CliFailure(String message, Throwable cause) {
        this(message, cause, false);
    }

    private CliFailure(String message, Throwable cause, boolean positioned) {
        super(message, cause);
        this.positioned = positioned;
    }

    /** A failure at a place in some input: {@code source:line:col: message}. */
    static CliFailure at(String source, long line, long column, String message, Throwable cause) {
        return new CliFailure(source + ":" + line + ":" + column + ": " + message, cause, true);
    }

    boolean positioned() {
        return positioned;
    }
}
