package dev.quarry.endpoint.sparql;

import dev.quarry.endpoint.http.Exchange;
import dev.quarry.endpoint.http.Handler;
import dev.quarry.endpoint.http.HttpError;
import dev.quarry.endpoint.http.MultipartReader;
import dev.quarry.store.QuadStore;
import dev.quarry.store.WriteTransaction;
import dev.quarry.store.arq.QuarryDatasetGraph;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Iterator;
import java.util.UUID;
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
 * Graphs are identified indirectly ({@code ?graph=}, {@code ?default}) or directly (a path
 * below {@code /data}); a POST of graph content to {@code /data} itself creates a graph
 * named by the server (201 + Location); {@code multipart/form-data} uploads are read part by part.
 */
public final class GraphStoreHandler implements Handler {
    private static final String MULTIPART = "multipart/form-data";
    private final QuadStore store;
    private final QuarryDatasetGraph dataset;
    private final QueryAdmission admission;
    private final java.time.Duration queryTimeout;
    private final long bulkUploadBytes;

    /**
     * @param queryTimeout    how long a GET may read
     * @param bulkUploadBytes POST uploads with a Content-Length at least this large go through the bulk loader; 0 = never
     */
    public GraphStoreHandler(QuadStore store, QuarryDatasetGraph dataset, QueryAdmission admission,
                             java.time.Duration queryTimeout, long bulkUploadBytes) {
        this.store = store;
        this.dataset = dataset;
        this.admission = admission;
        this.queryTimeout = queryTimeout;
        this.bulkUploadBytes = bulkUploadBytes;
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
        try (QueryAdmission.Permit permit = admission.enter(ex, queryTimeout.toMillis())) {
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

    private void write(Exchange ex, GraphTarget target, boolean replace) throws IOException {
        boolean multipart = MULTIPART.equals(ex.contentType());
        Lang lang = multipart ? null : uploadLang(ex.contentType());
        String location = null;
        if (target.kind() == GraphTarget.Kind.DATASET && !replace && (multipart || !RDFLanguages.isQuads(lang))) {
            // Graph content POSTed to the graph store itself: a new graph, named by the server (GSP 5.5).
            location = GraphTarget.requestIri(ex) + "/" + UUID.randomUUID();
            target = GraphTarget.named(location);
        }
        if (lang != null) {
            refuseQuadsIntoAGraph(target, lang);
        }
        String uploadBase = target.kind() == GraphTarget.Kind.NAMED ? target.graph().getURI() : SparqlHandler.base(ex);
        BulkUpload.Plan plan = multipart ? null : BulkUpload.plan(store, ex, target, lang, bulkUploadBytes);
        try {
            if (plan instanceof BulkUpload.Plan.Bulk bulk) {
                answer(ex, BulkUpload.load(store, ex, target, bulk, uploadBase), location);
                return;
            }
            InputStream body = plan instanceof BulkUpload.Plan.Transaction t ? t.body() : null;
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
                StoreWriter sink = new StoreWriter(txn, target);
                if (multipart) {
                    parseParts(ex, target, uploadBase, sink);
                } else {
                    parse(body, lang, uploadBase, sink, lang.getName() + " upload");
                }
                txn.commit();
            }
            answer(ex, created, location);
        } finally {
            if (plan != null) {
                BulkUpload.discard(plan);
            }
        }
    }

    /** 201 for a graph the upload created (with its Location if the server named it), else 204. */
    private static void answer(Exchange ex, boolean created, String location) {
        if (location != null) {
            ex.responseHeader(HttpHeaderNames.LOCATION, location);
        }
        ex.respondEmpty(created ? HttpResponseStatus.CREATED : HttpResponseStatus.NO_CONTENT);
    }

    /**
     * A {@code multipart/form-data} upload: every part is RDF, in the format its Content-Type
     * names (or, without one, its file name tells), and all go into the target in the same
     * transaction, so one bad part fails the whole request.
     */
    private static void parseParts(Exchange ex, GraphTarget target, String base, StoreWriter sink) throws IOException {
        String boundary = MultipartReader.boundary(ex.header(HttpHeaderNames.CONTENT_TYPE));
        if (boundary == null) {
            throw HttpError.badRequest("multipart/form-data upload without a boundary parameter");
        }
        MultipartReader reader = new MultipartReader(ex.bodyStream(), boundary);
        int n = 0;
        try {
            for (MultipartReader.Part part = reader.next(); part != null; part = reader.next()) {
                n++;
                String name = part.filename() != null ? "'" + part.filename() + "'" : "#" + n;
                Lang lang = partLang(part, name);
                refuseQuadsIntoAGraph(target, lang);
                parse(part.content(), lang, base, sink, "part " + name + " (" + lang.getName() + ")");
            }
        } catch (IOException e) {
            if (ex.isCancelled()) {
                throw e; // the client went away: nothing to answer
            }
            throw HttpError.badRequest("malformed multipart upload: " + QueryRunner.oneLine(e.getMessage()));
        }
        if (n == 0) {
            throw HttpError.badRequest("multipart upload without parts");
        }
    }

    private static void parse(java.io.InputStream in, Lang lang, String base, StoreWriter sink, String what) {
        try {
            RDFParser.source(in).lang(lang).base(base).errorHandler(PositionedErrors.INSTANCE).parse(sink);
        } catch (RiotException e) {
            throw HttpError.badRequest("parse error in " + what + ": " + QueryRunner.oneLine(e.getMessage()));
        }
    }

    private static void refuseQuadsIntoAGraph(GraphTarget target, Lang lang) {
        if (target.kind() != GraphTarget.Kind.DATASET && RDFLanguages.isQuads(lang) && !RDFLanguages.isTriples(lang)) {
            throw new HttpError(HttpResponseStatus.UNSUPPORTED_MEDIA_TYPE,
                    lang.getName() + " holds quads; a graph takes triples (send quads to /data without ?graph)");
        }
    }

    private static Lang partLang(MultipartReader.Part part, String name) {
        String ct = part.contentType();
        Lang lang = ct == null || ct.equals("application/octet-stream") ? null : RDFLanguages.contentTypeToLang(ct);
        if (lang == null && ct != null && !ct.equals("application/octet-stream")) {
            throw new HttpError(HttpResponseStatus.UNSUPPORTED_MEDIA_TYPE, "part " + name + ": cannot read RDF from Content-Type " + ct);
        }
        if (lang == null && part.filename() != null) {
            lang = RDFLanguages.filenameToLang(part.filename());
        }
        if (lang == null || !org.apache.jena.riot.RDFParserRegistry.isRegistered(lang) || lang.equals(Lang.RDFNULL)) {
            throw new HttpError(HttpResponseStatus.UNSUPPORTED_MEDIA_TYPE,
                    "part " + name + ": give it an RDF Content-Type (or a file name such as data.ttl)");
        }
        return lang;
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

    private static Lang uploadLang(String ct) {
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
