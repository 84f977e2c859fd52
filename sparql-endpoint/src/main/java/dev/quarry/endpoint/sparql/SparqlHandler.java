package dev.quarry.endpoint.sparql;

import dev.quarry.endpoint.http.Exchange;
import dev.quarry.endpoint.http.Handler;
import dev.quarry.endpoint.http.HttpError;
import dev.quarry.endpoint.source.SourcePolicy;
import dev.quarry.store.arq.QuarryDatasetGraph;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * The SPARQL 1.1 Protocol: decides whether a request is a query or an update and how
 * it was sent (GET parameters, form body, or a raw {@code application/sparql-query}
 * / {@code application/sparql-update} body), then runs it. {@code /query} only
 * queries, {@code /update} only updates, {@code /sparql} both.
 */
public final class SparqlHandler implements Handler {
    static final String FORM = "application/x-www-form-urlencoded";
    static final String SPARQL_QUERY = "application/sparql-query";
    static final String SPARQL_UPDATE = "application/sparql-update";

    private final QueryRunner queries;
    private final UpdateHandler updates;

    /**
     * @param queryTimeout   a query's time limit unless its request sets one
     * @param serviceEnabled whether SERVICE may call other endpoints
     * @param sources        what LOAD may read
     */
    public SparqlHandler(QuarryDatasetGraph dataset, QueryAdmission admission, java.time.Duration queryTimeout,
                         boolean serviceEnabled, SourcePolicy sources) {
        FederationGuard federation = new FederationGuard(serviceEnabled);
        this.queries = new QueryRunner(dataset, admission, federation, queryTimeout);
        this.updates = new UpdateHandler(dataset, sources, federation);
    }

    @Override
    public void handle(Exchange ex) throws Exception {
        ProtocolParams params = new ProtocolParams().add(ex.queryParams());
        if (ex.method().equals(HttpMethod.POST)) {
            String ct = ex.contentType();
            if (ct == null) {
                throw new HttpError(HttpResponseStatus.UNSUPPORTED_MEDIA_TYPE,
                        "POST needs a Content-Type: " + FORM + ", " + SPARQL_QUERY + " or " + SPARQL_UPDATE);
            }
            if ((ct.equals(SPARQL_QUERY) || ct.equals(SPARQL_UPDATE))
                    && !ex.charset().equals(java.nio.charset.StandardCharsets.UTF_8)) {
                // The protocol fixes UTF-8 for these bodies.
                throw new HttpError(HttpResponseStatus.UNSUPPORTED_MEDIA_TYPE,
                        ct + " must be UTF-8, not " + ex.charset().name());
            }
            switch (ct) {
                case FORM -> params.add(ex.formParams());
                case SPARQL_QUERY -> params.put("query", ex.bodyString());
                case SPARQL_UPDATE -> params.put("update", ex.bodyString());
                default -> throw new HttpError(HttpResponseStatus.UNSUPPORTED_MEDIA_TYPE,
                        "unsupported Content-Type " + ct + "; use " + FORM + ", " + SPARQL_QUERY + " or " + SPARQL_UPDATE);
            }
        } else if (ex.body().length > 0) {
            throw HttpError.badRequest(ex.method() + " must not have a body; POST it instead");
        }
        String query = params.single("query");
        String update = params.single("update");
        if (query != null && update != null) {
            throw HttpError.badRequest("give either 'query' or 'update', not both");
        }
        if (update != null) {
            if (!ex.method().equals(HttpMethod.POST)) {
                throw HttpError.badRequest("an update must be sent with POST");
            }
            if (ex.path().equals("/query")) {
                throw HttpError.badRequest("/query does not take updates; use /update or /sparql");
            }
            if (ex.isInline()) {
                throw ex.moveToWorker("an update"); // writes wait for the store's writer lock
            }
            ex.operation("update");
            ex.queryKind("update");
            ex.checkWriteAllowed();
            updates.run(ex, update, params, base(ex));
        } else if (query != null) {
            if (ex.path().equals("/update")) {
                throw HttpError.badRequest("/update does not take queries; use /query or /sparql");
            }
            ex.operation("query");
            queries.run(ex, query, params, base(ex));
        } else {
            throw HttpError.badRequest("missing 'query' or 'update' parameter");
        }
    }

    /** The request's own URL: relative IRIs in the query resolve against it. */
    static String base(Exchange ex) {
        String host = ex.header(HttpHeaderNames.HOST);
        return "http://" + (host == null || host.isBlank() ? "localhost" : host) + ex.path();
    }
}
