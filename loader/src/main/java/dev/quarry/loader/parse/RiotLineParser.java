package dev.quarry.loader.parse;

import dev.quarry.loader.encode.TermEncoder;
import java.util.ArrayList;
import java.util.List;
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
 * Parses one line with RIOT in strict mode: the authority for every line the fast path is
 * not sure of. As in RIOT's strict mode, a warning (a bad IRI, a lexical form that does
 * not fit its datatype, a bad language tag) rejects the statement like an error does.
 * Blank node labels are taken as written (then scoped by the encoder like the fast
 * path's), so a line gives the same terms whichever parser reads it.
 */
final class RiotLineParser {
    private final Lang lang;
    private final List<Quad> quads = new ArrayList<>(1);
    private final List<Triple> triples = new ArrayList<>(1);
    private String error;
    private long errorColumn;
    private boolean errorIsDatatype;

    private final ErrorHandler handler = new ErrorHandler() {
        @Override
        public void warning(String message, long line, long col) {
            fail(message, col);
        }

        @Override
        public void error(String message, long line, long col) {
            fail(message, col);
        }

        @Override
        public void fatal(String message, long line, long col) {
            fail(message, col);
        }
    };

    RiotLineParser(boolean quadsFormat) {
        this.lang = quadsFormat ? Lang.NQUADS : Lang.NTRIPLES;
    }

    private void fail(String message, long col) {
        if (error == null) {
            error = message;
            errorColumn = col;
            errorIsDatatype = DatatypeCheck.isMismatchMessage(message);
        }
        throw new RiotException(message);
    }

    /** Parses {@code line}; reports errors to {@code errors} at {@code lineNo}; sends quads to {@code sink}. */
    void parse(String line, long lineNo, int feed, long tripleGraph, TermEncoder enc, ParseErrors errors,
               QuadSink sink) {
        quads.clear();
        triples.clear();
        error = null;
        try {
            RDFParser.fromString(line, lang)
                    .strict(true)
                    .labelToNode(LabelToNode.createUseLabelAsGiven())
                    .errorHandler(handler)
                    .parse(new StreamRDFBase() {
                        @Override
                        public void quad(Quad q) {
                            quads.add(q);
                        }

                        @Override
                        public void triple(Triple t) {
                            triples.add(t);
                        }
                    });
        } catch (RiotException e) {
            if (error == null) {
                error = e.getMessage();
                errorColumn = 0;
            }
        }
        if (error != null) {
            if (errorIsDatatype) {
                errors.datatypeMismatch(lineNo, errorColumn, error);
            } else {
                String hint = LangTags.underscoreHint(line, errorColumn);
                errors.parsingError(lineNo, errorColumn, hint != null ? hint : error);
            }
            return;
        }
        for (Triple t : triples) {
            emit(t.getSubject(), t.getPredicate(), t.getObject(), null, feed, tripleGraph, enc, sink);
        }
        for (Quad q : quads) {
            emit(q.getSubject(), q.getPredicate(), q.getObject(), q.isDefaultGraph() ? null : q.getGraph(),
                    feed, tripleGraph, enc, sink);
        }
    }

    /** Encodes one statement RIOT accepted and sends it on. */
    static void emit(Node s, Node p, Node o, Node g, int feed, long defaultGraph, TermEncoder enc, QuadSink sink) {
        long gid = g == null ? defaultGraph : enc.node(g, feed);
        sink.quad(enc.node(s, feed), enc.node(p, feed), enc.node(o, feed), gid);
    }
}
