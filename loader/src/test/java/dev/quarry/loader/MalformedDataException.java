package dev.quarry.loader;

/**
 * The input is not valid RDF in its format. The message is one line,
 * {@code feed:line:col: what is wrong}, as compilers print it, so that editors and
 * terminals can jump to the place.
 */
public final class MalformedDataException extends RuntimeException {
    private final String feed;
    private final long line;
    private final long column;

    /**
     * @param feed   the feed's name (file path, URL, {@code archive!/entry})
     * @param line   1-based line, or -1 if the parser did not say
     * @param column 1-based column, or -1 if the parser did not say
     */
    public MalformedDataException(String feed, long line, long column, String message) {
        super(position(feed, line, column) + ": " + message);
        this.feed = feed;
        this.line = line;
        this.column = column;
    }

    public String feed() {
        return feed;
    }

    public long line() {
        return line;
    }

    public long column() {
        return column;
    }

    /** {@code feed:line:col}, leaving out what is unknown. */
    static String position(String feed, long line, long column) {
        if (line < 0) {
            return feed;
        }
        return column < 0 ? feed + ":" + line : feed + ":" + line + ":" + column;
    }
}
