package dev.quarry.endpoint.sparql;

import dev.quarry.endpoint.http.HttpError;
import dev.quarry.endpoint.source.SourcePolicy;
import dev.quarry.endpoint.source.SourceRefusedException;
import dev.quarry.loader.input.Feed;
import dev.quarry.loader.input.FeedReader;
import dev.quarry.loader.input.HttpFetch;
import dev.quarry.loader.input.RdfFormat;
import dev.quarry.loader.input.Source;
import dev.quarry.loader.input.Sources;
import dev.quarry.loader.input.UrlSource;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.RiotException;
import org.apache.jena.riot.system.StreamRDF;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.modify.request.UpdateLoad;
import org.apache.jena.update.Update;
import org.apache.jena.update.UpdateRequest;

/**
 * SPARQL {@code LOAD <source> [INTO GRAPH <g>]}, confined by the server's
 * {@link SourcePolicy}: a refused source answers 403; with SILENT it loads nothing and the
 * request goes on, as SPARQL 1.1 says SILENT operations always succeed (nothing is read,
 * so nothing is revealed either). A local file is read from its real path, with compression
 * sniffed and the format taken from its name, as the bulk loader does; an http(s)
 * document is fetched as the bulk loader fetches it ({@link UrlSource}: timeouts, resume,
 * every redirect checked by the policy), its format from its path or Content-Type.
 *
 * <p>Without INTO, triples go to the default graph and quads to their own graphs; with
 * INTO every statement goes to that graph. Statements stream into the caller's write
 * transaction, so a failed LOAD aborts the whole request; LOAD SILENT must instead
 * leave no trace of a failed source, so it parses into memory first.
 */
final class SparqlLoad {
    private final SourcePolicy policy;

    SparqlLoad(SourcePolicy policy) {
        this.policy = policy;
    }

    /** Refuses (403) a request whose LOADs name sources outside the policy, before anything runs. */
    void checkAll(UpdateRequest request) {
        for (Update op : request.getOperations()) {
            if (op instanceof UpdateLoad load && !load.getSilent()) {
                try {
                    policy.check(load.getSource());
                } catch (SourceRefusedException e) {
                    throw refused(e);
                } catch (UncheckedIOException e) {
                    // A missing file inside an allowed directory: LOAD itself reports it (or SILENT ignores it).
                }
            }
        }
    }

    /** Runs one LOAD inside the caller's write transaction on {@code dataset}. */
    void run(UpdateLoad load, DatasetGraph dataset) {
        Node into = load.getDest();
        Consumer<Quad> sink = q -> dataset.add(into != null ? into : q.getGraph(),
                q.getSubject(), q.getPredicate(), q.getObject());
        if (!load.getSilent()) {
            read(load.getSource(), sink);
            return;
        }
        List<Quad> buffered = new ArrayList<>();
        try {
            read(load.getSource(), buffered::add);
        } catch (HttpError e) {
            return; // SILENT: a source that is refused or cannot be read loads nothing
        }
        buffered.forEach(sink);
    }

    private void read(String iri, Consumer<Quad> sink) {
        SourcePolicy.Allowed source;
        try {
            source = policy.check(iri);
        } catch (SourceRefusedException e) {
            throw refused(e);
        } catch (UncheckedIOException e) {
            throw HttpError.badRequest("LOAD failed: " + describe(e.getCause(), iri));
        }
        StreamRDF stream = new QuadSink(sink);
        try {
            switch (source) {
                case SourcePolicy.LocalFile f -> readFile(iri, f, stream);
                case SourcePolicy.Remote r -> parseFeeds(iri,
                        new UrlSource(r.uri(), HttpFetch.DEFAULT.withGuard(policy.httpGuard())), stream);
            }
        } catch (RiotException e) {
            throw HttpError.badRequest("LOAD failed: " + iri + ": " + QueryRunner.oneLine(e.getMessage()));
        } catch (IOException | UncheckedIOException e) {
            throw HttpError.badRequest("LOAD failed: " + describe(e, iri));
        }
    }

    private static void readFile(String iri, SourcePolicy.LocalFile file, StreamRDF stream) throws IOException {
        String name = file.path().getFileName().toString();
        if (RdfFormat.byFileName(name).isEmpty()) {
            throw HttpError.badRequest("LOAD failed: cannot tell the RDF format of " + iri
                    + " from its name (use .nt, .nq, .ttl, .trig, .rdf, .jsonld, optionally compressed)");
        }
        parseFeeds(iri, Sources.expand(List.of(file.path().toString())).getFirst(), stream);
    }

    /** Parses every feed of {@code source} (compression sniffed, format from its name or Content-Type). */
    private static void parseFeeds(String iri, Source source, StreamRDF stream) throws IOException {
        try (FeedReader reader = source.open(new LongAdder(), null)) {
            for (Feed feed = reader.next(); feed != null; feed = reader.next()) {
                RDFParser.source(feed.stream()).lang(feed.format().lang()).base(iri).errorHandler(PositionedErrors.INSTANCE)
                        .parse(stream);
            }
        }
    }

    private static String describe(Throwable e, String iri) {
        if (e instanceof NoSuchFileException) {
            return "no such file: " + iri;
        }
        String message = QueryRunner.oneLine(String.valueOf(e.getMessage()));
        return message.startsWith(iri) ? message : iri + ": " + message;
    }

    private static HttpError refused(SourceRefusedException e) {
        return new HttpError(HttpResponseStatus.FORBIDDEN, "LOAD refused: " + e.getMessage());
    }

    /** Parser output as quads; triples are in the default graph. */
    private static final class QuadSink extends StreamRDFBase {
        private final Consumer<Quad> sink;

        QuadSink(Consumer<Quad> sink) {
            this.sink = sink;
        }

        @Override
        public void triple(Triple t) {
            sink.accept(Quad.create(Quad.defaultGraphIRI, t));
        }

        @Override
        public void quad(Quad q) {
            sink.accept(q.isTriple() ? Quad.create(Quad.defaultGraphIRI, q.asTriple()) : q);
        }
    }
}
