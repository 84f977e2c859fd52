package dev.quarry.loader.parse;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.jena.atlas.io.PeekReader;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFLanguages;
import org.apache.jena.riot.RiotException;
import org.apache.jena.riot.lang.LabelToNode;
import org.apache.jena.riot.lang.LangTriG;
import org.apache.jena.riot.lang.LangTurtle;
import org.apache.jena.riot.system.ErrorHandler;
import org.apache.jena.riot.system.ParserProfile;
import org.apache.jena.riot.system.PrefixMap;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.riot.tokens.Token;
import org.apache.jena.riot.tokens.TokenType;
import org.apache.jena.riot.tokens.Tokenizer;
import org.apache.jena.riot.tokens.TokenizerText;
import org.apache.jena.sparql.core.Quad;

/**
 * Turtle and TriG with RIOT's own parser in strict mode, one statement at a time, reading on
 * after a bad one. The triples of a statement are held until its end ('.' at the top level,
 * or a TriG block's '}'), so a statement RIOT warns about (a bad IRI, a lexical form that
 * does not fit its datatype: strict mode rejects those) or fails in is dropped whole and
 * reported once. After a syntax error reading resumes at the next line where a statement
 * can safely start ({@link ResumableText#startsStatement}), with the prefixes and base
 * declared so far; the error says how many lines were skipped, or, when no such line is
 * left, how many lines were not read.
 */
final class ResumingTurtleParser {
    /** Receives the statements RIOT accepted; {@code g} is null for the default graph. */
    interface Statements {
        void accept(Node s, Node p, Node o, Node g);
    }

    /**
     * How a parse ended.
     *
     * @param atStatementEnd whether the text ended just after a statement's '.' or '}' (or held no
     *     statement at all), no error was left pending and no statement in error reached the end of
     *     the text: then a parser of the text that follows, started with the same prefixes and
     *     base, reads it as one parser of both texts would (provided that text's first token
     *     is one the tokenizer cannot fail on: RIOT reads it ahead)
     * @param base the base IRI in effect at the end
     */
    record Ending(boolean atStatementEnd, String base) {}

    private final ResumableText text;
    private final boolean trig;
    private final ParseErrors errors;
    private final Statements out;
    private final ParserProfile profile;
    private final List<Node[]> statement = new ArrayList<>();
    private String warning;
    private long warningLine;
    private long warningColumn;

    private ResumingTurtleParser(InputStream in, long firstLine, Lang lang, String baseIri, LabelToNode labels,
                                 PrefixMap prefixes, ParseErrors errors, Statements out) {
        this.text = new ResumableText(in, firstLine);
        this.trig = RDFLanguages.sameLang(lang, Lang.TRIG);
        this.errors = errors;
        this.out = out;
        this.profile = PrefixedTurtleReader.profileAt(baseIri, labels, handler, prefixes);
    }

    static boolean handles(Lang lang) {
        return PrefixedTurtleReader.handles(lang);
    }

    /** Parses a whole document; {@code base} as the user gave it (null: the system's). */
    static void parse(InputStream in, Lang lang, String base, LabelToNode labels, PrefixMap prefixes,
                      ParseErrors errors, Statements out) {
        parse(in, 1, lang, PrefixedTurtleReader.baseIri(base), labels, prefixes, errors, out);
    }

    /**
     * Parses text of a document that starts at line {@code firstLine} where a statement starts,
     * with {@code prefixes} and the resolved {@code baseIri} in effect there; errors carry the
     * document's lines.
     */
    static Ending parse(InputStream in, long firstLine, Lang lang, String baseIri, LabelToNode labels,
                        PrefixMap prefixes, ParseErrors errors, Statements out) {
        return new ResumingTurtleParser(in, firstLine, lang, baseIri, labels, prefixes, errors, out).run();
    }

    private final ErrorHandler handler = new PositionedError.Thrower() {
        @Override
        public void warning(String message, long line, long col) {
            if (warning == null) {
                warning = message;
                warningLine = absolute(line);
                warningColumn = col;
            }
        }
    };

    private final StreamRDFBase collect = new StreamRDFBase() {
        @Override
        public void triple(Triple t) {
            statement.add(new Node[] {t.getSubject(), t.getPredicate(), t.getObject(), null});
        }

        @Override
        public void quad(Quad q) {
            statement.add(new Node[] {q.getSubject(), q.getPredicate(), q.getObject(),
                q.isDefaultGraph() ? null : q.getGraph()});
        }
    };

    private long absolute(long segmentLine) {
        return segmentLine <= 0 ? 0 : text.segmentFirstLine() + segmentLine - 1;
    }

    private Ending run() {
        // Whether a statement in error reached the end of the text: what it would have been, and
        // where reading would have resumed, depends on text after this text.
        boolean ranOut = false;
        while (true) {
            StatementTokens tokens = new StatementTokens(
                    TokenizerText.create().source(PeekReader.make(text)).errorHandler(handler).build());
            long line;
            long column;
            long candidate = -1;
            String message;
            try {
                if (trig) {
                    new LangTriG(tokens, profile, collect).parse();
                } else {
                    new LangTurtle(tokens, profile, collect).parse();
                }
                boolean atEnd = !ranOut && (tokens.endPending || tokens.handedOut == 0);
                endOfStatement(0, 0);
                return new Ending(atEnd, profile.getBaseURI());
            } catch (PositionedError e) {
                line = absolute(e.line);
                column = e.col;
                message = e.getMessage();
                long[] last = tokens.lastOfStatement();
                if (last != null && absolute(last[0]) < line) {
                    // Noticed at the next token (a missing '.', a string running off its line): the
                    // statement in error is the one on the line of its last term read.
                    message += " (noticed at " + line + ":" + column + ")";
                    candidate = column == 1 ? line : -1;
                    line = absolute(last[0]);
                    column = last[1];
                }
            } catch (ResumableText.MalformedText e) {
                line = e.line;
                column = e.column;
                message = "invalid UTF-8";
            } catch (RiotException e) {
                line = absolute(tokens.lastLine);
                column = tokens.lastColumn;
                message = e.getMessage();
            }
            ranOut |= text.endReached();
            statement.clear();
            warning = null;
            long resume = text.resumeAfter(line, candidate, trig);
            if (resume < 0) {
                long notRead = text.lastLineScanned() - line;
                errors.parsingError(line, column, message + (notRead <= 0 ? ""
                        : " (no statement can safely start after it: the last " + notRead + " line"
                          + (notRead == 1 ? " is" : "s are") + " not read)"));
                return new Ending(false, profile.getBaseURI());
            }
            long skipped = resume - line - 1;
            errors.parsingError(line, column, message + (skipped <= 0 ? ""
                    : " (" + skipped + " line" + (skipped == 1 ? "" : "s") + " skipped, reading resumed at line " + resume + ")"));
        }
    }

    /** A statement ended (its '.' or '}' read): hands on its triples, or reports why RIOT's strict mode rejects it. */
    private void endOfStatement(long segmentLine, long column) {
        long line = absolute(segmentLine);
        boolean warningIsLater = warning != null && segmentLine > 0
                && (warningLine > line || warningLine == line && warningColumn > column);
        if (warning != null && !warningIsLater && statement.isEmpty()) {
            // A directive (@prefix, @base) gives no statement to reject: an IRI made from a
            // namespace RIOT frowns on ("urn:ex:") is checked on its own where it is used.
            warning = null;
        }
        if (warning != null && !warningIsLater) {
            if (DatatypeCheck.isMismatchMessage(warning)) {
                errors.datatypeMismatch(warningLine, warningColumn, warning);
            } else {
                errors.parsingError(warningLine, warningColumn, warning);
            }
        } else {
            for (Node[] q : statement) {
                out.accept(q[0], q[1], q[2], q[3]);
            }
        }
        statement.clear();
        if (!warningIsLater) {
            // (RIOT's tokenizer reads ahead: a warning about a later token is the next statement's)
            warning = null;
        }
        if (segmentLine > 0) {
            text.keepFrom(line);
        }
    }

    /**
     * RIOT's tokenizer, watching for the end of each top-level statement. RIOT reads one
     * token ahead (it looks at the '.' before it emits the statement's last triple), so a
     * statement counts as ended when the token after its '.' or '}' is asked for.
     */
    private final class StatementTokens implements Tokenizer {
        private final Tokenizer inner;
        private int depth;
        boolean endPending;
        private long endLine;
        private long endColumn;
        private int statementTokens;
        /** Tokens handed out by this tokenizer. */
        int handedOut;
        /** The last token handed out, and the one before it, with whether it was part of the statement in progress. */
        long lastLine;
        long lastColumn;
        long previousLine;
        long previousColumn;
        boolean previousInStatement;
        /** Whether the tokenizer itself failed (the bad token was never handed out). */
        boolean failedInTokenizer;

        StatementTokens(Tokenizer inner) {
            this.inner = inner;
        }

        @Override
        public Token next() {
            if (endPending) {
                endPending = false;
                statementTokens = 0;
                endOfStatement(endLine, endColumn);
            }
            failedInTokenizer = true;
            Token t = inner.next();
            failedInTokenizer = false;
            handedOut++;
            previousLine = lastLine;
            previousColumn = lastColumn;
            previousInStatement = statementTokens > 0;
            lastLine = t.getLine();
            lastColumn = t.getColumn();
            statementTokens++;
            switch (t.getType()) {
                case LBRACKET, LPAREN, LT2, L_TRIPLE, L_ANN -> depth++;
                case RBRACKET, RPAREN, GT2, R_TRIPLE, R_ANN -> depth--;
                case RBRACE -> statementEnd(t);
                case DOT -> {
                    if (depth == 0) {
                        statementEnd(t);
                    }
                }
                default -> { }
            }
            return t;
        }

        private void statementEnd(Token t) {
            depth = 0;
            endPending = true;
            endLine = t.getLine();
            endColumn = t.getColumn();
        }

        /** {line, column} (segment lines) of the last token read of the statement in error, or null. */
        long[] lastOfStatement() {
            if (failedInTokenizer) {
                return statementTokens > 0 && !endPending ? new long[] {lastLine, lastColumn} : null;
            }
            return previousInStatement ? new long[] {previousLine, previousColumn} : null;
        }

        @Override
        public boolean hasNext() {
            return inner.hasNext();
        }

        @Override
        public Token peek() {
            return inner.peek();
        }

        @Override
        public boolean eof() {
            return inner.eof();
        }

        @Override
        public long getLine() {
            return inner.getLine();
        }

        @Override
        public long getColumn() {
            return inner.getColumn();
        }

        @Override
        public void close() {
            inner.close();
        }
    }
}
