package dev.quarry.endpoint.sparql;

import dev.quarry.endpoint.http.Exchange;
import dev.quarry.engine.QueryRun;
import dev.quarry.engine.SparqlEngine;
import dev.quarry.engine.output.ResultWriter;
import dev.quarry.engine.shape.Prepared;
import dev.quarry.endpoint.http.HttpError;
import dev.quarry.store.arq.QuarryDatasetGraph;
import dev.quarry.store.arq.regex.QueryStop;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.OutputStream;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryCancelledException;
import org.apache.jena.query.QueryExecException;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.query.ReadWrite;
import org.apache.jena.query.Syntax;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.sparql.core.DatasetDescription;
import org.apache.jena.sparql.core.DynamicDatasets;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.riot.Lang;

/**
 * Runs one query in a read transaction (a snapshot: concurrent writes stay invisible)
 * and streams its results. The first result is computed before the status line is
 * sent, so a query that fails or times out early gets a proper status; after that,
 * rows are written as they are produced, and a failure cuts the connection.
 */
final class QueryRunner {
    private final QuarryDatasetGraph dataset;
    private final SparqlEngine engine;
    private final QueryAdmission admission;
    private final FederationGuard federation;
    private final long defaultTimeoutMillis;
    private final ShapeTimes shapeTimes = new ShapeTimes();

    QueryRunner(QuarryDatasetGraph dataset, QueryAdmission admission, FederationGuard federation,
                java.time.Duration defaultTimeout) {
        this.dataset = dataset;
        this.engine = new SparqlEngine(dataset);
        this.admission = admission;
        this.federation = federation;
        this.defaultTimeoutMillis = defaultTimeout.toMillis();
    }

    void run(Exchange ex, String text, ProtocolParams params, String base) throws Exception {
        Prepared prepared = prepare(text, base);
        Query query = prepared.query();
        ex.queryKind(query.queryType().name().toLowerCase(java.util.Locale.ROOT)); // select, ask, construct, describe
        federation.check(prepared.op()); // the algebra the shape cache already holds: no second compile per query
        DatasetDescription protocolDataset = protocolDataset(params);
        ResultFormats.Format format = ResultFormats.choose(ex, formatParam(params),
                query.isSelectType() || query.isAskType() ? ResultFormats.RESULTS : ResultFormats.GRAPHS);
        long timeoutMillis = timeoutMillis(ex, params);
        boolean explain = explain(params);
        if (ex.isInline()) {
            runInline(ex, prepared, protocolDataset, format, timeoutMillis, explain);
            return;
        }
        SparqlEngine.Options options = new SparqlEngine.Options(timeoutMillis, federation.enabled());
        try (QueryAdmission.Permit permit = admission.enter(ex, timeoutMillis)) {
            long started = System.nanoTime();
            OutputStream response = answer(ex, prepared, protocolDataset, options, format, timeoutMillis, explain,
                    () -> timedOut(timeoutMillis));
            shapeTimes.record(query, (System.nanoTime() - started) / 1e6);
            // Every row is written, the run closed and the transaction ended: free the place
            // before the response's last bytes go out, so that a client sending its next query
            // the moment it has this answer finds the place free.
            permit.close();
            if (response != null) {
                response.close();
            }
        }
    }

    /**
     * The query on the connection's event loop ({@link Exchange#isInline()}): run with the
     * inline budget as its time limit (unless its own is shorter), and moved to a worker,
     * to start again there, if it takes longer, writes more than the response holds back,
     * finds no free place, asks for EXPLAIN (which must run to its end) or calls another
     * endpoint. A shape whose queries take over half the budget of late goes straight to a
     * worker (see {@link ShapeTimes}).
     */
    private void runInline(Exchange ex, Prepared prepared, DatasetDescription protocolDataset,
            ResultFormats.Format format, long timeoutMillis, boolean explain) throws Exception {
        Query shape = prepared.query(); // one object per cached shape (ShapeCache)
        if (explain || shapeTimes.meanMillis(shape) > ex.inlineBudgetMillis() / 2.0 || federation.callsOut(prepared.op())) {
            throw ex.moveToWorker(explain ? "EXPLAIN" : "a query that takes long or calls out");
        }
        boolean budgetCuts = timeoutMillis <= 0 || ex.inlineBudgetMillis() < timeoutMillis;
        long runMillis = budgetCuts ? ex.inlineBudgetMillis() : timeoutMillis;
        QueryAdmission.Permit permit = admission.tryEnter();
        if (permit == null) {
            throw ex.moveToWorker("no free place"); // a worker waits in the queue
        }
        try (permit) {
            long started = System.nanoTime();
            OutputStream response = answer(ex, prepared, protocolDataset,
                    new SparqlEngine.Options(runMillis, federation.enabled()), format, runMillis, false,
                    () -> budgetCuts ? ex.moveToWorker("ran longer than " + runMillis + " ms") : timedOut(timeoutMillis));
            shapeTimes.record(shape, (System.nanoTime() - started) / 1e6);
            permit.close();
            response.close();
        } catch (Exception | Error e) {
            if (ex.moveRequested()) {
                shapeTimes.record(shape, ex.inlineBudgetMillis()); // at least: it ran that long, or answered a lot
            }
            throw e;
        }
    }

    /**
     * Runs the query in a read transaction on this thread and writes the whole body into
     * the response, which is returned unclosed (its last bytes not yet sent). The query's
     * cursors are closed and its transaction ended here, on the query's own thread,
     * whatever happens: a cancellation from another thread (the client went away, the
     * timeout, a shutdown) only sets a flag that the run checks (see {@link QueryRun#cancel}).
     * With {@code explain}, answers the executed plan instead, whole, and returns null.
     * {@code timedOut} gives what to throw when the run passes {@code timeoutMillis}.
     */
    private OutputStream answer(Exchange ex, Prepared prepared, DatasetDescription protocolDataset,
            SparqlEngine.Options options, ResultFormats.Format format, long timeoutMillis, boolean explain,
            Supplier<RuntimeException> timedOut) throws Exception {
        dataset.begin(ReadWrite.READ);
        try {
            long started = System.nanoTime();
            BooleanSupplier cut = () -> ex.isCancelled()
                    || (timeoutMillis > 0 && System.nanoTime() - started >= TimeUnit.MILLISECONDS.toNanos(timeoutMillis));
            try (QueryStop.Scope stop = QueryStop.install(cut)) {
                if (explain) {
                    ex.respond(HttpResponseStatus.OK, "text/plain; charset=utf-8",
                            explainText(prepared, protocolDataset, options));
                    return null;
                }
                try (QueryRun run = start(prepared, protocolDataset, options)) {
                    ex.onCancel(run::cancel);
                    return execute(ex, run, format, cut);
                }
            } catch (QueryCancelledException e) {
                // After the first bytes, the dispatcher cuts the connection instead of answering.
                if (ex.isCancelled()) {
                    throw new HttpError(HttpResponseStatus.SERVICE_UNAVAILABLE,
                            "query cancelled: the server is stopping or the client went away");
                }
                throw timedOut.get();
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

    /**
     * The run: on the store, through the engine; over the graphs named by
     * default-graph-uri / named-graph-uri (which take precedence over the query's FROM /
     * FROM NAMED), on ARQ over a dataset of those graphs.
     */
    private QueryRun start(Prepared prepared, DatasetDescription protocolDataset, SparqlEngine.Options options) {
        if (protocolDataset == null) {
            return engine.start(prepared, dataset, options);
        }
        Query query = prepared.parsedQuery().cloneQuery();
        query.getGraphURIs().clear();
        query.getNamedGraphURIs().clear();
        return engine.startOnArq(query, DynamicDatasets.dynamicDataset(protocolDataset, dataset, false), options);
    }

    private static HttpError timedOut(long timeoutMillis) {
        return new HttpError(HttpResponseStatus.SERVICE_UNAVAILABLE,
                "query cancelled: it ran longer than its timeout of " + timeoutMillis + " ms");
    }

    /** Whether the request asks for the plan ({@code explain=true}) instead of the result. */
    private static boolean explain(ProtocolParams params) {
        String e = params.single("explain");
        if (e == null || e.equalsIgnoreCase("false") || e.equals("0")) {
            return false;
        }
        if (e.isEmpty() || e.equalsIgnoreCase("true") || e.equals("1")) {
            return true;
        }
        throw HttpError.badRequest("explain must be true or false, not '" + e + "'");
    }

    private String explainText(Prepared prepared, DatasetDescription protocolDataset, SparqlEngine.Options options) {
        if (protocolDataset != null) {
            return dev.quarry.engine.arq.QueryExplainer.fallback(prepared.parsedQuery(), "default-graph-uri / named-graph-uri");
        }
        return engine.explain(prepared, options);
    }

    /** Writes a response body to an output stream. */
    private interface Body {
        void writeTo(OutputStream out) throws Exception;
    }

    /** Writes the result into the response; returns it unclosed. */
    private static OutputStream execute(Exchange ex, QueryRun run, ResultFormats.Format format, BooleanSupplier cut)
            throws Exception {
        Query query = run.query();
        ResultWriter.Format results = resultFormat(format);
        if (query.isAskType()) {
            boolean answer = run.ask();
            return send(ex, format, cut, out -> ResultWriter.writeBoolean(out, results, answer));
        } else if (query.isSelectType()) {
            FirstRowAhead rows = new FirstRowAhead(run.solutions()); // the first row, or the failure, before the status line
            return send(ex, format, cut, out -> ResultWriter.writeSolutions(out, results, rows));
        } else if (query.isConstructType() && format.isQuads()) {
            Iterator<Quad> quads = run.quads();
            quads.hasNext();
            return send(ex, format, cut, out -> RdfStreaming.writeQuads(out, quads, format, query.getPrefixMapping()));
        } else {
            Iterator<Triple> triples = run.triples();
            triples.hasNext();
            return send(ex, format, cut, out -> RdfStreaming.writeTriples(out, triples, format, query.getPrefixMapping()));
        }
    }

    /** The writer format of a SELECT / ASK result format. */
    private static ResultWriter.Format resultFormat(ResultFormats.Format format) {
        Lang lang = format.lang();
        if (lang.equals(ResultSetLang.RS_XML)) {
            return ResultWriter.Format.XML;
        } else if (lang.equals(ResultSetLang.RS_CSV)) {
            return ResultWriter.Format.CSV;
        } else if (lang.equals(ResultSetLang.RS_TSV)) {
            return ResultWriter.Format.TSV;
        }
        return ResultWriter.Format.JSON;
    }

    /**
     * Streams the body and returns the response for the caller to end, unless the query
     * was cut short (cancelled or timed out): a query may then simply stop producing rows,
     * and a response that ends normally would look complete. The exception makes the
     * dispatcher cut the connection.
     */
    private static OutputStream send(Exchange ex, ResultFormats.Format format, BooleanSupplier cut, Body body) throws Exception {
        OutputStream out = ex.startStream(HttpResponseStatus.OK, format.contentType());
        body.writeTo(out);
        if (cut.getAsBoolean()) {
            throw new QueryCancelledException();
        }
        return out;
    }

    private Prepared prepare(String text, String base) {
        try {
            return engine.prepare(text, base);
        } catch (QueryParseException e) {
            throw HttpError.badRequest("query parse error: " + parseMessage(e));
        } catch (org.apache.jena.query.QueryException e) {
            // What the parser's actions reject, e.g. VALUES (?a ?a): a fault of the text, not of the server.
            throw HttpError.badRequest("query error: " + oneLine(e.getMessage()));
        }
    }

    /** The parser's message, or what made it fail when it has none (a text nested too deeply overflows the parser's stack). */
    static String parseMessage(RuntimeException e) {
        String m = oneLine(e.getMessage());
        if (!m.isEmpty()) {
            return m;
        }
        for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
            if (c instanceof StackOverflowError) {
                return "nested too deeply";
            }
        }
        return e.getCause() != null ? oneLine(String.valueOf(e.getCause().getMessage())) : "unknown";
    }

    static Query parse(String text, String base) {
        try {
            return QueryFactory.create(text, base, Syntax.syntaxSPARQL_11);
        } catch (QueryParseException e) {
            throw HttpError.badRequest("query parse error: " + parseMessage(e));
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
    private long timeoutMillis(Exchange ex, ProtocolParams params) {
        String t = params.single("timeout");
        if (t == null || t.isBlank()) {
            return defaultTimeoutMillis;
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
