package dev.quarry.endpoint.sparql;

import dev.quarry.endpoint.http.Exchange;
import dev.quarry.endpoint.http.HttpError;
import dev.quarry.store.arq.QuarryDatasetGraph;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.OutputStream;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.ARQ;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryCancelledException;
import org.apache.jena.query.QueryExecException;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.query.ReadWrite;
import org.apache.jena.query.Syntax;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.sparql.core.DatasetDescription;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DynamicDatasets;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.QueryExecDatasetBuilder;
import org.apache.jena.sparql.exec.RowSet;
import org.apache.jena.sparql.resultset.ResultsWriter;

/**
 * Runs one query in a read transaction (a snapshot: concurrent writes stay invisible)
 * and streams its results. The first result is computed before the status line is
 * sent, so a query that fails or times out early gets a proper status; after that,
 * rows are written as they are produced, and a failure cuts the connection.
 */
final class QueryRunner {
    private final QuarryDatasetGraph dataset;
    private final QueryAdmission admission;
    private final FederationGuard federation;

    QueryRunner(QuarryDatasetGraph dataset, QueryAdmission admission, FederationGuard federation) {
        this.dataset = dataset;
        this.admission = admission;
        this.federation = federation;
    }

    void run(Exchange ex, String text, ProtocolParams params, String base) throws Exception {
        Query query = parse(text, base);
        federation.check(query);
        DatasetDescription protocolDataset = protocolDataset(params);
        DatasetGraph target = dataset;
        if (protocolDataset != null) {
            query = query.cloneQuery();
            query.getGraphURIs().clear();
            query.getNamedGraphURIs().clear();
            target = DynamicDatasets.dynamicDataset(protocolDataset, dataset, false);
        }
        ResultFormats.Format format = ResultFormats.choose(ex, formatParam(params),
                query.isSelectType() || query.isAskType() ? ResultFormats.RESULTS : ResultFormats.GRAPHS);
        long timeoutMillis = timeoutMillis(ex, params);
        try (QueryAdmission.Permit permit = admission.enter()) {
            dataset.begin(ReadWrite.READ);
            try {
                QueryExecDatasetBuilder builder = QueryExec.newBuilder()
                        .dataset(target)
                        .query(query)
                        .set(ARQ.httpServiceAllowed, federation.enabled());
                if (timeoutMillis > 0) {
                    builder.timeout(timeoutMillis, TimeUnit.MILLISECONDS);
                }
                long started = System.nanoTime();
                BooleanSupplier cut = () -> ex.isCancelled()
                        || (timeoutMillis > 0 && System.nanoTime() - started >= TimeUnit.MILLISECONDS.toNanos(timeoutMillis));
                try (QueryExec exec = builder.build()) {
                    ex.onCancel(exec::abort);
                    execute(ex, query, exec, format, cut);
                } catch (QueryCancelledException e) {
                    // After the first bytes, the dispatcher cuts the connection instead of answering.
                    if (ex.isCancelled()) {
                        throw new HttpError(HttpResponseStatus.SERVICE_UNAVAILABLE,
                                "query cancelled: the server is stopping or the client went away");
                    }
                    throw new HttpError(HttpResponseStatus.SERVICE_UNAVAILABLE,
                            "query cancelled: it ran longer than its timeout of " + timeoutMillis + " ms");
                } catch (QueryExecException e) {
                    if (FederationGuard.isServiceDisabled(e)) {
                        throw FederationGuard.refused();
                    }
                    throw e;
                }
            } finally {
                dataset.end();
            }
        }
    }

    /** Writes a response body to an output stream. */
    private interface Body {
        void writeTo(OutputStream out) throws Exception;
    }

    private static void execute(Exchange ex, Query query, QueryExec exec, ResultFormats.Format format,
                                BooleanSupplier cut) throws Exception {
        if (query.isAskType()) {
            boolean answer = exec.ask();
            send(ex, format, cut, out -> {
                if (isJson(format)) {
                    JsonResultsWriter.writeBoolean(out, answer);
                } else {
                    ResultsWriter.create().lang(format.lang()).build().write(out, answer);
                }
            });
        } else if (query.isSelectType()) {
            RowSet rows = exec.select();
            rows.hasNext(); // the first row, or the failure, before the status line
            send(ex, format, cut, out -> {
                if (isJson(format)) {
                    JsonResultsWriter.writeRows(out, rows);
                } else {
                    ResultsWriter.create().lang(format.lang()).build().write(out, rows);
                }
            });
        } else if (query.isConstructType() && format.isQuads()) {
            Iterator<Quad> quads = exec.constructQuads();
            quads.hasNext();
            send(ex, format, cut, out -> RdfStreaming.writeQuads(out, quads, format, query.getPrefixMapping()));
        } else {
            Iterator<Triple> triples = query.isConstructType() ? exec.constructTriples() : exec.describeTriples();
            triples.hasNext();
            send(ex, format, cut, out -> RdfStreaming.writeTriples(out, triples, format, query.getPrefixMapping()));
        }
    }

    /** SPARQL JSON results go through our own writer (see {@link JsonResultsWriter}). */
    private static boolean isJson(ResultFormats.Format format) {
        return format.lang().equals(ResultSetLang.RS_JSON);
    }

    /**
     * Streams the body and ends the response, unless the query was cut short (cancelled or
     * timed out): ARQ may then simply stop producing rows, and a response that ends
     * normally would look complete. The exception makes the dispatcher cut the connection.
     */
    private static void send(Exchange ex, ResultFormats.Format format, BooleanSupplier cut, Body body) throws Exception {
        OutputStream out = ex.startStream(HttpResponseStatus.OK, format.contentType());
        body.writeTo(out);
        if (cut.getAsBoolean()) {
            throw new QueryCancelledException();
        }
        out.close();
    }

    static Query parse(String text, String base) {
        try {
            return QueryFactory.create(text, base, Syntax.syntaxSPARQL_11);
        } catch (QueryParseException e) {
            throw HttpError.badRequest("query parse error: " + oneLine(e.getMessage()));
        }
    }

    static String oneLine(String m) {
        return m == null ? "" : m.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
    }

    private static String formatParam(ProtocolParams params) {
        String f = params.single("format");
        return f != null ? f : params.single("output");
    }

    /**
     * The graphs named by default-graph-uri / named-graph-uri, which take precedence over
     * the query's FROM / FROM NAMED (those are dropped); null if the protocol names none,
     * and ARQ applies the query's own FROM clauses to the store.
     */
    private static DatasetDescription protocolDataset(ProtocolParams params) {
        DatasetDescription desc = new DatasetDescription(params.all("default-graph-uri"), params.all("named-graph-uri"));
        return desc.isEmpty() ? null : desc;
    }

    /** The server's timeout, or the request's {@code timeout} parameter (seconds, may be fractional). */
    private static long timeoutMillis(Exchange ex, ProtocolParams params) {
        String t = params.single("timeout");
        if (t == null || t.isBlank()) {
            return ex.options().queryTimeout().toMillis();
        }
        try {
            double seconds = Double.parseDouble(t.trim());
            if (!(seconds > 0) || Double.isInfinite(seconds)) {
                throw HttpError.badRequest("timeout must be a positive number of seconds, not '" + t + "'");
            }
            return Math.max(1, (long) (seconds * 1000));
        } catch (NumberFormatException e) {
            throw HttpError.badRequest("timeout must be a number of seconds, not '" + t + "'");
        }
    }
}
