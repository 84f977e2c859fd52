package dev.quarry.loader.parse;

import dev.quarry.loader.encode.TermEncoder;
import dev.quarry.loader.prefix.SharedPrefixes;
import java.io.InputStream;
import java.util.UUID;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.RiotException;
import org.apache.jena.riot.lang.LabelToNode;
import org.apache.jena.riot.system.ErrorHandler;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.sparql.core.Quad;

/**
 * Parses a whole feed with RIOT in strict mode (Turtle, TriG, RDF/XML, JSON-LD: one parser
 * per feed, feeds in parallel). Blank node labels are allocated per feed from a per-load
 * UUID, like RIOT's own document-scoped allocation, so they never collide across feeds or
 * loads.
 *
 * <p>Turtle and TriG are read statement by statement ({@link ResumingTurtleParser}): a bad
 * statement is skipped and reading resumes after it where that is safe. RDF/XML and JSON-LD
 * cannot be resumed: a syntax error ends the feed and says so; a statement RIOT warns about
 * is skipped (the warning is taken to concern the next statement RIOT gives).
 *
 * <p>Turtle and TriG declare their prefixes in the load's {@link SharedPrefixes} (on disk,
 * keyed by feed), not in a hash map per parser: a file that starts with millions of
 * {@code @prefix} lines then costs disk, not heap, and several such files at once no more.
 */
public final class RiotFeedParser {
    /** A syntax error in RDF/XML or JSON-LD: RIOT cannot read on after it. */
    static final String REST_NOT_READ = " (the rest of this file is not read)";

    private final TermEncoder enc;
    private final SharedPrefixes prefixes;

    /** @param prefixes the load's prefix dictionary, shared by all parsers */
    public RiotFeedParser(TermEncoder enc, SharedPrefixes prefixes) {
        this.enc = enc;
        this.prefixes = prefixes;
    }

    /** @return the number of statements loaded */
    public long parse(String feedName, InputStream in, Lang lang, String base, UUID feedScope, long tripleGraph,
                      ParseErrors errors, QuadSink sink) {
        long[] count = new long[1];
        LabelToNode labels = LabelToNode.createScopeByDocumentHash(feedScope);
        if (ResumingTurtleParser.handles(lang)) {
            ResumingTurtleParser.parse(in, lang, base, labels, prefixes.newFeedMap(), errors, (s, p, o, g) -> {
                count[0]++;
                RiotLineParser.emit(s, p, o, g, -1, tripleGraph, enc, sink);
            });
            return count[0];
        }
        String[] warning = new String[1];
        long[] pos = new long[2];
        ErrorHandler handler = new PositionedError.Thrower() {
            @Override
            public void warning(String message, long line, long col) {
                if (warning[0] == null) {
                    warning[0] = message;
                    pos[0] = line;
                    pos[1] = col;
                }
            }
        };
        StreamRDFBase dest = new StreamRDFBase() {
            @Override
            public void triple(Triple t) {
                statement(t.getSubject(), t.getPredicate(), t.getObject(), null);
            }

            @Override
            public void quad(Quad q) {
                statement(q.getSubject(), q.getPredicate(), q.getObject(), q.isDefaultGraph() ? null : q.getGraph());
            }

            private void statement(Node s, Node p, Node o, Node g) {
                if (warning[0] != null) {
                    String w = warning[0];
                    warning[0] = null;
                    if (DatatypeCheck.isMismatchMessage(w)) {
                        errors.datatypeMismatch(pos[0], pos[1], w);
                    } else {
                        errors.parsingError(pos[0], pos[1], w);
                    }
                    return;
                }
                count[0]++;
                RiotLineParser.emit(s, p, o, g, -1, tripleGraph, enc, sink);
            }
        };
        ReadErrorLatch input = new ReadErrorLatch(feedName, in);
        try {
            RDFParser.source(input).lang(lang).base(base).strict(true).labelToNode(labels).errorHandler(handler)
                    .parse(dest);
        } catch (PositionedError e) {
            rethrowReadError(input);
            errors.parsingError(e.line, e.col, e.getMessage() + REST_NOT_READ);
        } catch (RiotException e) {
            rethrowReadError(input);
            errors.parsingError(0, 0, e.getMessage() + REST_NOT_READ);
        }
        rethrowReadError(input);
        return count[0];
    }

    /**
     * A read error (a truncated or corrupt .gz) that RIOT's XML and JSON readers took for a
     * syntax error or the end of the input fails the load instead. (Turtle/TriG need no
     * latch: {@link ResumableText} passes read errors through.)
     */
    private static void rethrowReadError(ReadErrorLatch input) {
        try {
            input.rethrow();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
