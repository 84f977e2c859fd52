package dev.quarry.e2e.conformance;

import dev.quarry.store.WriteTransaction;
import java.nio.file.Path;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFLanguages;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.system.ErrorHandlerFactory;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;

/** Parsing test files with RIOT: into Jena's in-memory dataset (the oracle) or into a store transaction. */
final class RdfFiles {
    private RdfFiles() {}

    static Lang lang(Path file) {
        Lang lang = RDFLanguages.pathnameToLang(file.toString());
        if (lang == null) {
            throw new IllegalArgumentException("no RDF syntax known for " + file);
        }
        return lang;
    }

    private static RDFParser parser(Path file) {
        // An error is an exception; warnings (e.g. ill-typed literals) are not failures.
        return RDFParser.source(file).lang(lang(file)).errorHandler(ErrorHandlerFactory.errorHandlerExceptionOnError()).build();
    }

    /** Warnings are errors too: RIOT reports some invalid input (e.g. bad IRIs) only as warnings. */
    private static RDFParser strictParser(Path file) {
        return RDFParser.source(file).lang(lang(file)).errorHandler(ErrorHandlerFactory.errorHandlerStrictSilent()).build();
    }

    /** What Jena's in-memory dataset holds after reading {@code file}. */
    static DatasetGraph readInMemory(Path file) {
        return parser(file).toDatasetGraph();
    }

    /** Adds everything in {@code file} through {@code txn}: triples into {@code graph} (null = default graph). */
    static void load(WriteTransaction txn, Path file, Node graph) {
        parser(file).parse(new StreamRDFBase() {
            @Override
            public void triple(Triple t) {
                txn.add(graph, t.getSubject(), t.getPredicate(), t.getObject());
            }

            @Override
            public void quad(Quad q) {
                Node g = q.isDefaultGraph() ? graph : q.getGraph();
                txn.add(g, q.getSubject(), q.getPredicate(), q.getObject());
            }
        });
    }

    /** Parses {@code file} and throws on the first error or warning (for negative syntax tests). */
    static void parseStrictly(Path file) {
        strictParser(file).parse(new StreamRDFBase());
    }
}
