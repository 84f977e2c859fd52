package dev.quarry.loader;

import dev.quarry.loader.input.Feed;
import dev.quarry.loader.parse.ReadErrorLatch;
import dev.quarry.loader.input.FeedReader;
import dev.quarry.loader.input.RdfFormat;
import dev.quarry.loader.input.Source;
import dev.quarry.store.QuadStore;
import dev.quarry.store.WriteTransaction;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.RiotException;
import org.apache.jena.riot.system.ErrorHandler;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sys.JenaSystem;

/**
 * The plain, obviously correct load path: every feed is parsed by Jena RIOT (streaming)
 * straight into ONE store write transaction, committed at the end. Any error aborts
 * the transaction, so a failed load leaves the store exactly as it was.
 *
 * <p>Trade-off: the whole load is held in the transaction's in-memory batch until the
 * commit, and terms are encoded one quad at a time on one thread. That is right for
 * small and medium inputs and as a reference to check faster loaders against; large
 * dumps want the parallel bulk loader, which writes sorted files instead.
 */
public final class SimpleLoader {
    private final QuadStore store;
    private RdfFormat format;
    private Node graph;
    private String base;
    private Consumer<String> warnings = w -> { };

    /**
     * What a load did.
     *
     * @param feeds        feeds (files, archive entries) parsed
     * @param quadsRead    statements the parsers produced
     * @param quadsAdded   quads that were new to the store
     * @param elapsedNanos wall time from the first byte read to the commit
     */
    public record Summary(int feeds, long quadsRead, long quadsAdded, long elapsedNanos) {
        /** Statements that were already in the store or earlier in the input. */
        public long duplicates() {
            return quadsRead - quadsAdded;
        }

        public double quadsPerSecond() {
            return elapsedNanos == 0 ? 0 : quadsRead * 1e9 / elapsedNanos;
        }
    }

    public SimpleLoader(QuadStore store) {
        this.store = store;
        JenaSystem.init(); // one-time library start-up: not part of the load's time
    }

    /** The syntax of every feed; null (the default) detects it from each file name. */
    public SimpleLoader format(RdfFormat format) {
        this.format = format;
        return this;
    }

    /**
     * Where default-graph statements go (all triples of triple formats, and the
     * default-graph quads of N-Quads/TriG); quads of named graphs keep their graph.
     * Null (the default) keeps them in the default graph.
     */
    public SimpleLoader graph(String graphIri) {
        this.graph = graphIri == null ? null : NodeFactory.createURI(graphIri);
        return this;
    }

    /** Base IRI for relative IRIs; null (the default) uses each file's own file: IRI. */
    public SimpleLoader base(String baseIri) {
        this.base = baseIri;
        return this;
    }

    /** Receives parser warnings, one line each ({@code feed:line:col: warning: ...}). */
    public SimpleLoader warnings(Consumer<String> sink) {
        this.warnings = sink;
        return this;
    }

    /**
     * Loads all sources in one transaction.
     *
     * @throws MalformedDataException on the first syntax error; nothing is loaded
     * @throws IOException if a source cannot be read; nothing is loaded
     */
    public Summary load(List<Source> sources) throws IOException {
        long start = System.nanoTime();
        int feeds = 0;
        try (WriteTransaction txn = store.beginWrite()) {
            Sink sink = new Sink(txn, graph);
            for (Source source : sources) {
                try (FeedReader reader = source.open(new LongAdder(), format)) {
                    for (Feed feed = reader.next(); feed != null; feed = reader.next()) {
                        if (feed.format() == null) {
                            warnings.accept(feed.name() + ": warning: skipped, cannot tell its RDF format from the name");
                            continue;
                        }
                        parse(feed, sink);
                        feeds++;
                    }
                }
            }
            txn.commit();
            return new Summary(feeds, sink.read, sink.added, System.nanoTime() - start);
        }
    }

    private void parse(Feed feed, Sink sink) throws IOException {
        ReadErrorLatch input = new ReadErrorLatch(feed.name(), feed.stream());
        try {
            RDFParser.source(input)
                    .lang(feed.format().lang())
                    .base(base != null ? base : fileIri(feed.name()))
                    .errorHandler(new FailFast(feed.name(), warnings))
                    .parse(sink);
        } catch (RiotException e) {
            input.rethrow(); // a read error the parser saw as a syntax error
            // Errors the parser raised without a position.
            throw new MalformedDataException(feed.name(), -1, -1, e.getMessage());
        } catch (MalformedDataException e) {
            input.rethrow();
            throw e;
        } catch (RuntimeException e) {
            input.rethrow();
            throw e;
        }
        input.rethrow();
    }

    /** The file: IRI RIOT would use as the base when reading this file by name. */
    private static String fileIri(String name) {
        try {
            return Path.of(name).toAbsolutePath().toUri().toString();
        } catch (InvalidPathException e) {
            return null; // an archive entry or URL name: no file base
        }
    }

    /** Throws on the first error, with its position; passes warnings on. */
    private record FailFast(String feed, Consumer<String> warnings) implements ErrorHandler {
        @Override
        public void warning(String message, long line, long col) {
            warnings.accept(MalformedDataException.position(feed, line, col) + ": warning: " + message);
        }

        @Override
        public void error(String message, long line, long col) {
            throw new MalformedDataException(feed, line, col, message);
        }

        @Override
        public void fatal(String message, long line, long col) {
            throw new MalformedDataException(feed, line, col, message);
        }
    }

    /** Adds every parsed statement to the transaction and counts. */
    private static final class Sink extends StreamRDFBase {
        private final WriteTransaction txn;
        private final Node defaultTarget;
        long read;
        long added;

        Sink(WriteTransaction txn, Node defaultTarget) {
            this.txn = txn;
            this.defaultTarget = defaultTarget;
        }

        @Override
        public void triple(Triple t) {
            add(null, t.getSubject(), t.getPredicate(), t.getObject());
        }

        @Override
        public void quad(Quad q) {
            add(q.getGraph(), q.getSubject(), q.getPredicate(), q.getObject());
        }

        private void add(Node g, Node s, Node p, Node o) {
            Node target = g == null || Quad.isDefaultGraph(g) ? defaultTarget : g;
            read++;
            if (txn.add(target, s, p, o)) {
                added++;
            }
        }
    }
}
