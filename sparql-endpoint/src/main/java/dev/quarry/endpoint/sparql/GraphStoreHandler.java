package dev.quarry.endpoint.sparql;

import dev.quarry.endpoint.http.Exchange;
import dev.quarry.endpoint.http.Handler;
import dev.quarry.endpoint.http.HttpError;
import dev.quarry.store.QuadStore;
import dev.quarry.store.WriteTransaction;
import dev.quarry.store.graph.QuarryDatasetGraph;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.OutputStream;
import java.util.Iterator;
import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.ReadWrite;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFLanguages;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.RiotException;
import org.apache.jena.shared.PrefixMapping;
import org.apache.jena.sparql.core.Quad;

/**
 * The SPARQL 1.1 Graph Store HTTP Protocol at {@code /data}. Reads run in a read
 * transaction and stream; writes parse the request body as it arrives straight into
 * one store write transaction, so a bad upload (parse error, client gone, too large)
 * leaves nothing behind, and a success is committed before it is answered. Large POST
 * uploads go through the bulk loader instead ({@link BulkUpload}), as atomic and as strict.
 */
public final class GraphStoreHandler implements Handler {
    private final QuadStore store;
    private final QuarryDatasetGraph dataset;
    private final QueryAdmission admission;

    public GraphStoreHandler(QuadStore store, QuarryDatasetGraph dataset, QueryAdmission admission) {
        this.store = store;
        this.dataset = dataset;
        this.admission = admission;
    }

    @Override
    public void handle(Exchange ex) throws Exception {
        GraphTarget target = GraphTarget.of(ex);
        HttpMethod m = ex.method();
        if (m.equals(HttpMethod.GET) || m.equals(HttpMethod.HEAD)) {
            read(ex, target);
        } else if (m.equals(HttpMethod.PUT) || m.equals(HttpMethod.POST)) {
            write(ex, target, m.equals(HttpMethod.PUT));
        } else if (m.equals(HttpMethod.DELETE)) {
            delete(ex, target);
        } else {
            throw new HttpError(HttpResponseStatus.METHOD_NOT_ALLOWED, m + " is not allowed on /data");
        }
    }

    private void read(Exchange ex, GraphTarget target) throws Exception {
        boolean whole = target.kind() == GraphTarget.Kind.DATASET;
        ResultFormats.Format format = ResultFormats.choose(ex, null,
                whole ? ResultFormats.DATASETS : ResultFormats.GRAPHS);
        try (QueryAdmission.Permit permit = admission.enter()) {
            dataset.begin(ReadWrite.READ);
            try {
                if (target.kind() == GraphTarget.Kind.NAMED && !dataset.containsGraph(target.graph())) {
                    throw new HttpError(HttpResponseStatus.NOT_FOUND, "no graph " + target.graph().getURI());
                }
                try (OutputStream out = ex.startStream(HttpResponseStatus.OK, format.contentType())) {
                    if (whole) {
                        RdfStreaming.writeQuads(out, dataset.find(), format, PrefixMapping.Standard);
                    } else {
                        Iterator<Triple> triples = Iter.map(
                                dataset.find(target.datasetNode(), Node.ANY, Node.ANY, Node.ANY), Quad::asTriple);
                        RdfStreaming.writeTriples(out, triples, format, PrefixMapping.Standard);
                    }
                }
            } finally {
                dataset.end();
            }
        }
    }

    private void write(Exchange ex, GraphTarget target, boolean replace) {
        Lang lang = uploadLang(ex);
        if (target.kind() != GraphTarget.Kind.DATASET && RDFLanguages.isQuads(lang)
                && !RDFLanguages.isTriples(lang)) {
            throw new HttpError(HttpResponseStatus.UNSUPPORTED_MEDIA_TYPE,
                    lang.getName() + " holds quads; a graph takes triples (send quads to /data without ?graph)");
        }
        String uploadBase = target.kind() == GraphTarget.Kind.NAMED ? target.graph().getURI() : SparqlHandler.base(ex);
        var bulk = BulkUpload.format(ex, target, lang, ex.options().bulkUploadBytes());
        if (bulk.isPresent()) {
            boolean created = BulkUpload.load(store, ex, target, bulk.get(), uploadBase);
            ex.respondEmpty(created ? HttpResponseStatus.CREATED : HttpResponseStatus.NO_CONTENT);
            return;
        }
        boolean created;
        try (WriteTransaction txn = store.beginWrite()) {
            created = target.kind() == GraphTarget.Kind.NAMED && !GraphEraser.exists(txn, target);
            if (replace) {
                if (target.kind() == GraphTarget.Kind.DATASET) {
                    txn.dropAll();
                } else {
                    GraphEraser.erase(txn, target);
                }
            }
            try {
                RDFParser.source(ex.bodyStream()).lang(lang).base(uploadBase)
                        .errorHandler(PositionedErrors.INSTANCE)
                        .parse(new StoreWriter(txn, target));
            } catch (RiotException e) {
                throw HttpError.badRequest("parse error in " + lang.getName() + " upload: " + QueryRunner.oneLine(e.getMessage()));
            }
            txn.commit();
        }
        ex.respondEmpty(created ? HttpResponseStatus.CREATED : HttpResponseStatus.NO_CONTENT);
    }

    private void delete(Exchange ex, GraphTarget target) {
        if (target.kind() == GraphTarget.Kind.DATASET) {
            throw HttpError.badRequest("DELETE needs ?default or ?graph=IRI");
        }
        try (WriteTransaction txn = store.beginWrite()) {
            if (target.kind() == GraphTarget.Kind.NAMED && !GraphEraser.exists(txn, target)) {
                throw new HttpError(HttpResponseStatus.NOT_FOUND, "no graph " + target.graph().getURI());
            }
            GraphEraser.erase(txn, target);
            txn.commit();
        }
        ex.respondEmpty(HttpResponseStatus.NO_CONTENT);
    }

    private static Lang uploadLang(Exchange ex) {
        String ct = ex.contentType();
        if (ct == null) {
            throw new HttpError(HttpResponseStatus.UNSUPPORTED_MEDIA_TYPE,
                    "an upload needs a Content-Type such as text/turtle or application/n-triples");
        }
        Lang lang = RDFLanguages.contentTypeToLang(ct);
        if (lang == null || !org.apache.jena.riot.RDFParserRegistry.isRegistered(lang) || lang.equals(Lang.RDFNULL)) {
            throw new HttpError(HttpResponseStatus.UNSUPPORTED_MEDIA_TYPE, "cannot read RDF from Content-Type " + ct);
        }
        return lang;
    }
}
