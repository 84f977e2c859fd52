package dev.quarry.loader.parse;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;

/**
 * A feed's text for RIOT's tokenizer, decoded strictly as UTF-8 and kept from the start of
 * the statement being parsed, so that after a syntax error reading can start again at a
 * later line ({@link #resumeAfter}) with text RIOT had already buffered. A byte that is not
 * UTF-8 is an error at its line and column ({@link MalformedText}), not a U+FFFD.
 *
 * <p>Lines are absolute (1-based, in the whole feed); {@link #segmentFirstLine()} is the
 * line the tokenizer's line 1 stands for since the last {@link #resumeAfter}.
 */
final class ResumableText extends Reader {
    /** Thrown from {@link #read} when the tokenizer reaches a byte that is not UTF-8. */
    static final class MalformedText extends RuntimeException {
        final long line;
        final long column;

        MalformedText(long line, long column) {
            super("invalid UTF-8", null, false, false);
            this.line = line;
            this.column = column;
        }
    }

    private final InputStream in;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    private final ByteBuffer bytes = ByteBuffer.allocate(1 << 16).flip();
    private final CharBuffer chars = CharBuffer.allocate(1 << 14);
    private boolean inputEnded;
    private boolean atStart = true;

    /** Decoded text; {@code text[start]} is the first character of line {@link #firstLine}. */
    private final StringBuilder text = new StringBuilder();
    private int start;
    private long firstLine = 1;
    /** Index in {@link #text} of the next character for the tokenizer. */
    private int served;
    /** Absolute character offset of {@code text[0]}, so malformed positions survive compaction. */
    private long textOffset;
    /** Absolute offsets of the placeholders standing for bytes that are not UTF-8, ascending. */
    private final ArrayDeque<Long> malformed = new ArrayDeque<>();
    private long segmentFirstLine = 1;
    private long lastLineScanned;
    private boolean endReached;

    /** @param firstLine the line of the document the text starts at */
    ResumableText(InputStream in, long firstLine) {
        this.in = in;
        this.firstLine = firstLine;
        this.segmentFirstLine = firstLine;
    }

    long segmentFirstLine() {
        return segmentFirstLine;
    }

    /** The last line {@link #resumeAfter} looked at: the feed's last line when it found none to resume at. */
    long lastLineScanned() {
        return lastLineScanned;
    }

    /** Whether the tokenizer has asked for text past the end of the input. */
    boolean endReached() {
        return endReached;
    }

    @Override
    public int read(char[] cbuf, int off, int len) {
        if (served == text.length() && !fill()) {
            endReached = true;
            return -1;
        }
        int limit = text.length();
        Long bad = malformed.peek();
        if (bad != null) {
            int at = (int) (bad - textOffset);
            if (at == served) {
                malformed.poll();
                served++;
                long[] pos = position(at);
                throw new MalformedText(pos[0], pos[1]);
            }
            limit = Math.min(limit, at);
        }
        int n = Math.min(len, limit - served);
        text.getChars(served, served + n, cbuf, off);
        served += n;
        return n;
    }

    @Override
    public void close() {
        // the feed's stream belongs to the caller
    }

    /** Forgets the text before absolute line {@code line} (the statement being parsed starts there or later). */
    void keepFrom(long line) {
        while (firstLine < line) {
            int nl = indexOfNewline(start, served);
            if (nl < 0) {
                break;
            }
            start = nl + 1;
            firstLine++;
        }
        if (start > (1 << 16) && start > text.length() / 2) {
            text.delete(0, start);
            served -= start;
            textOffset += start;
            start = 0;
        }
    }

    /**
     * Positions reading at the first line after {@code line} where a statement can safely
     * start (see {@link #startsStatement}), or at {@code candidate} if that line starts one;
     * a new tokenizer then reads from there.
     *
     * @return the line reading resumes at, or -1 if no such line is left (the text is then used up)
     */
    long resumeAfter(long line, long candidate, boolean trig) {
        keepFrom(line);
        int p = lineStart(line);
        lastLineScanned = line;
        if (p < 0) {
            return -1;
        }
        long l = line;
        String previous = lineText(p);
        p = nextLineStart(p);
        while (p >= 0) {
            l++;
            lastLineScanned = l;
            String current = lineText(p);
            if (startsStatement(current, previous, trig) || (l == candidate && startsAny(current))) {
                served = p;
                start = p;
                firstLine = l;
                segmentFirstLine = l;
                dropMalformedBefore(p);
                return l;
            }
            if (!current.isBlank() && !current.stripLeading().startsWith("#")) {
                previous = current;
            }
            p = nextLineStart(p);
        }
        served = text.length();
        return -1;
    }

    /**
     * A line reading may resume at: it starts in column 1 with what can begin a statement,
     * and is a directive, or follows a line that ended a statement ('.' in Turtle; in TriG
     * only '}', since a '.' may end a triple inside a graph block).
     */
    static boolean startsStatement(String line, String previous, boolean trig) {
        if (!startsAny(line)) {
            return false;
        }
        String lower = line.toLowerCase(java.util.Locale.ROOT);
        if (lower.startsWith("@prefix") || lower.startsWith("@base") || lower.startsWith("prefix ")
                || lower.startsWith("base ")) {
            return true;
        }
        String end = previous.strip();
        return trig ? end.endsWith("}") : end.endsWith(".");
    }

    private static boolean startsAny(String line) {
        if (line.isEmpty()) {
            return false;
        }
        char c = line.charAt(0);
        return c == '<' || c == '_' || c == '[' || c == '(' || c == '@' || c == ':' || c == '{' || Character.isLetter(c);
    }

    /** {line, column} of {@code text[index]}. */
    private long[] position(int index) {
        int p = start;
        long l = firstLine;
        int lineBegin = start;
        while (true) {
            int nl = indexOfNewline(p, index);
            if (nl < 0) {
                break;
            }
            l++;
            p = nl + 1;
            lineBegin = p;
        }
        return new long[] {l, index - lineBegin + 1};
    }

    private void dropMalformedBefore(int index) {
        while (!malformed.isEmpty() && malformed.peek() - textOffset < index) {
            malformed.poll();
        }
    }

    private int lineStart(long line) {
        int p = start;
        for (long l = firstLine; l < line; l++) {
            p = nextLineStart(p);
            if (p < 0) {
                return -1;
            }
        }
        return p;
    }

    /** The start of the line after the one starting at {@code p}, decoding more text if needed; -1 at the end. */
    private int nextLineStart(int p) {
        while (true) {
            int nl = indexOfNewline(p, text.length());
            if (nl >= 0) {
                return nl + 1 < text.length() || fill() ? nl + 1 : -1;
            }
            p = text.length();
            if (!fill()) {
                return -1;
            }
        }
    }

    /** The line starting at {@code p}, without its line end. */
    private String lineText(int p) {
        int nl;
        while ((nl = indexOfNewline(p, text.length())) < 0 && fill()) {
            // decode until the line is whole
        }
        int end = nl < 0 ? text.length() : nl;
        if (end > p && text.charAt(end - 1) == '\r') {
            end--;
        }
        return text.substring(p, end);
    }

    private int indexOfNewline(int from, int to) {
        for (int i = from; i < to; i++) {
            if (text.charAt(i) == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** Decodes more input onto {@link #text}; false at the end of the input. */
    private boolean fill() {
        int before = text.length();
        try {
            while (text.length() == before) {
                if (!bytes.hasRemaining() || !inputEnded && bytes.remaining() < 4) {
                    if (!inputEnded) {
                        bytes.compact();
                        int n = in.read(bytes.array(), bytes.position(), bytes.remaining());
                        if (n < 0) {
                            inputEnded = true;
                        } else {
                            bytes.position(bytes.position() + n);
                        }
                        bytes.flip();
                    } else if (!bytes.hasRemaining()) {
                        return false;
                    }
                }
                chars.clear();
                CoderResult r = decoder.decode(bytes, chars, inputEnded);
                chars.flip();
                if (atStart && chars.hasRemaining()) {
                    atStart = false;
                    if (chars.get(0) == '\uFEFF') {
                        chars.get(); // a byte order mark, skipped as RIOT skips it
                    }
                }
                // (the char[] overload copies in bulk; append(CharSequence) goes char by char)
                text.append(chars.array(), chars.arrayOffset() + chars.position(), chars.remaining());
                if (r.isMalformed() || r.isUnmappable()) {
                    malformed.add(textOffset + text.length());
                    text.append('\uFFFD'); // a placeholder the tokenizer never receives: read() throws there
                    bytes.position(bytes.position() + r.length());
                }
            }
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
