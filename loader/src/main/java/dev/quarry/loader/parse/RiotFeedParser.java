package dev.quarry.loader.parse;

import dev.quarry.loader.encode.TermEncoder;
import dev.quarry.loader.prefix.SharedPrefixes;
import java.io.InputStream;
import java.util.UUID;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.RiotException;
import org.apache.jena.riot.lang.LabelToNode;
import org.apache.jena.riot.system.ErrorHandler;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.sparql.core.Quad;

/**
 * Parses a whole feed with RIOT (Turtle, TriG, RDF/XML, JSON-LD: one parser per feed, feeds
 * in parallel). Blank node labels are allocated per feed from a per-load UUID, like RIOT's
 * own document-scoped allocation, so they never collide across feeds or loads. A syntax
 * error ends the feed (RIOT cannot resynchronise in these syntaxes): statements before it
 * are kept, the error is reported with its position.
 *
 * <p>Turtle and TriG declare their prefixes in the load's {@link SharedPrefixes} (on disk,
 * keyed by feed), not in a hash map per parser: a file that starts with millions of
 * {@code @prefix} lines then costs disk, not heap, and several such files at once no more.
 */
public final class RiotFeedParser {
    /**
     * Unlike a line of N-Quads, a Turtle, TriG, RDF/XML or JSON-LD document cannot be read on
     * after a syntax error: say so, or the statements after it would go missing unnoticed.
     */
    static final String REST_NOT_READ = " (the rest of this file is not read)";

    private final TermEncoder enc;
    private final SharedPrefixes prefixes;
    private final DatatypeCheck check = new DatatypeCheck();

    /** @param prefixes the load's prefix dictionary, shared by all parsers */
    public RiotFeedParser(TermEncoder enc, SharedPrefixes prefixes) {
        this.enc = enc;
        this.prefixes = prefixes;
    }

    /** @return the number of statements read */
    public long parse(InputStream in, Lang lang, String base, UUID feedScope, long tripleGraph, ParseErrors errors,
                      QuadSink sink) {
        long[] count = new long[1];
        long[] pos = new long[2];
        ErrorHandler handler = new ErrorHandler() {
            @Override
            public void warning(String message, long line, long col) {
                pos[0] = line;
                pos[1] = col;
            }

            @Override
            public void error(String message, long line, long col) {
                throw new PositionedError(message, line, col);
            }

            @Override
            public void fatal(String message, long line, long col) {
                throw new PositionedError(message, line, col);
            }
        };
        try {
            StreamRDFBase dest = new StreamRDFBase() {
                @Override
                public void triple(Triple t) {
                    count[0]++;
                    RiotLineParser.emit(t.getSubject(), t.getPredicate(), t.getObject(), null, 0, -1,
                            tripleGraph, enc, check, errors, sink);
                }

                @Override
                public void quad(Quad q) {
                    count[0]++;
                    RiotLineParser.emit(q.getSubject(), q.getPredicate(), q.getObject(),
                            q.isDefaultGraph() ? null : q.getGraph(), 0, -1, tripleGraph, enc, check, errors, sink);
                }
            };
            LabelToNode labels = LabelToNode.createScopeByDocumentHash(feedScope);
            if (PrefixedTurtleReader.handles(lang)) {
                PrefixedTurtleReader.parse(in, lang, base, labels, handler, prefixes.newFeedMap(), dest);
            } else {
                RDFParser.source(in).lang(lang).base(base).labelToNode(labels).errorHandler(handler).parse(dest);
            }
        } catch (PositionedError e) {
            errors.parsingError(e.line, e.col, e.getMessage() + REST_NOT_READ);
        } catch (RiotException e) {
            errors.parsingError(0, 0, e.getMessage() + REST_NOT_READ);
        }
        return count[0];
    }

    private static final class PositionedError extends RuntimeException {
        final long line;
        final long col;

        PositionedError(String message, long line, long col) {
            super(message, null, false, false);
            this.line = line;
            this.col = col;
        }
    }
}
