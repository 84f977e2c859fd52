package dev.quarry.endpoint.server;

import dev.quarry.endpoint.http.HttpServer;
import dev.quarry.endpoint.http.Router;
import dev.quarry.endpoint.load.LoadJobs;
import dev.quarry.endpoint.load.LoaderHandler;
import dev.quarry.endpoint.monitor.BackupHandler;
import dev.quarry.endpoint.monitor.DictionaryCacheMetrics;
import dev.quarry.endpoint.monitor.MetricsHandler;
import dev.quarry.endpoint.monitor.ProcessMetrics;
import dev.quarry.endpoint.monitor.StatusHandler;
import dev.quarry.endpoint.monitor.StoreMetrics;
import dev.quarry.endpoint.sparql.GraphStoreHandler;
import dev.quarry.endpoint.sparql.QueryAdmission;
import dev.quarry.endpoint.sparql.SparqlHandler;
import dev.quarry.endpoint.ui.QueryUi;
import dev.quarry.store.QuadStore;
import dev.quarry.store.arq.QuarryDatasetGraph;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.handler.codec.http.HttpMethod;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SPARQL server, put together: the composition root that builds every part over a
 * {@link QuadStore} (the dataset, query admission, the SPARQL, graph store, loader,
 * status, metrics and UI handlers, the metrics registry) and hands the routes to the
 * {@link HttpServer}. The store stays owned by the caller: {@link #stop} ends the server,
 * not the store.
 *
 * <p>Routes: {@code /sparql}, {@code /query}, {@code /update} (SPARQL 1.1 Protocol),
 * {@code /data} and {@code /data/...} (Graph Store Protocol, indirect and direct
 * identification), {@code /loader} (bulk loads, as Amazon Neptune's loader API),
 * {@code /status}, {@code /metrics}, {@code /backup} (a store checkpoint), and the query UI at {@code /} with its files under
 * {@code /ui/}.
 */
public final class QuarryServer {
    private static final Logger LOG = LoggerFactory.getLogger(QuarryServer.class);

    private HttpServer http;
    private LoadJobs loadJobs;
    private ProcessMetrics processMetrics;
    private java.time.Duration shutdownGrace;
    /** "DIR at URL", for the log lines of {@link #start} and {@link #acceptConnections}. */
    private String where;

    /** Starts serving {@code store}; returns the bound port (useful with port 0). */
    public synchronized int start(QuadStore store, ServerOptions options) {
        return start(store, options, true);
    }

    /**
     * As {@link #start(QuadStore, ServerOptions)}; if not {@code accepting}, the port is bound
     * but connections wait in its backlog until {@link #acceptConnections()} (see {@link WarmUp}).
     */
    public synchronized int start(QuadStore store, ServerOptions options, boolean accepting) {
        if (http != null) {
            throw new IllegalStateException("server already started");
        }
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        processMetrics = ProcessMetrics.bind(registry);
        DictionaryCacheMetrics.bind(registry, store.dictionary());
        QuarryDatasetGraph dataset = new QuarryDatasetGraph(store);
        QueryAdmission admission = new QueryAdmission(options.maxConcurrentQueries(), options.maxQueuedQueries(), registry);
        loadJobs = new LoadJobs(store, options.sources(), options.loadJobRetention());
        HttpServer server = new HttpServer(options.http(), routes(store, dataset, admission, options, registry), registry);
        int port;
        try {
            port = server.start(accepting);
        } catch (RuntimeException e) {
            loadJobs.close();
            processMetrics.close();
            throw e;
        }
        http = server;
        shutdownGrace = options.shutdownGrace();
        where = store.directory() + " at http://" + hostForUrl(options.bind()) + ":" + port + "/sparql"
                + (options.readOnly() ? " (read-only)" : "");
        LOG.info("configuration: {}", options);
        LOG.info("{} {}", accepting ? "serving" : "listening (clients wait until the warm-up ends):", where);
        return port;
    }

    /** Accepts the connections waiting since {@code start(store, options, false)}, and every later one. */
    public synchronized void acceptConnections() {
        if (http != null) {
            http.accept();
            LOG.info("serving {}", where);
        }
    }

    private static String hostForUrl(String bind) {
        return bind.contains(":") ? "[" + bind + "]" : bind;
    }

    private Router routes(QuadStore store, QuarryDatasetGraph dataset, QueryAdmission admission, ServerOptions options,
                          PrometheusMeterRegistry registry) {
        SparqlHandler sparql = new SparqlHandler(dataset, admission, options.queryTimeout(), options.serviceEnabled(),
                options.sources());
        GraphStoreHandler gsp = new GraphStoreHandler(store, dataset, admission, options.queryTimeout(),
                options.bulkUploadBytes());
        Gauge.builder("quarry.loader.jobs", loadJobs, LoadJobs::queued).tag("state", "queued")
                .description("bulk loads (/loader) waiting or running").register(registry);
        Gauge.builder("quarry.loader.jobs", loadJobs, j -> j.active() - j.queued()).tag("state", "running")
                .description("bulk loads (/loader) waiting or running").register(registry);
        StatusHandler status = new StatusHandler(store, options.readOnly(), options.authToken() != null,
                options.queryTimeout(), Instant.now(), admission, loadJobs::active);
        MetricsHandler metricsHandler = new MetricsHandler(registry, StoreMetrics.bind(registry, store));
        Router router = new Router();
        for (String path : new String[] {"/sparql", "/query", "/update"}) {
            Router.Route r = new Router.Route("sparql", Router.Body.BUFFERED, false, sparql, true);
            router.add(HttpMethod.GET, path, r).add(HttpMethod.POST, path, r);
        }
        for (String path : new String[] {"/data", "/data/**"}) { // indirect, and direct graph identification
            router.add(HttpMethod.GET, path, new Router.Route("gsp-get", Router.Body.BUFFERED, false, gsp));
            router.add(HttpMethod.HEAD, path, new Router.Route("gsp-head", Router.Body.BUFFERED, false, gsp));
            router.add(HttpMethod.PUT, path, new Router.Route("gsp-put", Router.Body.STREAMED, true, gsp));
            router.add(HttpMethod.POST, path, new Router.Route("gsp-post", Router.Body.STREAMED, true, gsp));
            router.add(HttpMethod.DELETE, path, new Router.Route("gsp-delete", Router.Body.BUFFERED, true, gsp));
        }
        router.add(HttpMethod.GET, "/status", new Router.Route("status", Router.Body.BUFFERED, false, status));
        router.add(HttpMethod.GET, "/metrics", new Router.Route("metrics", Router.Body.BUFFERED, false, metricsHandler));
        router.add(HttpMethod.POST, "/backup", new Router.Route("backup", Router.Body.BUFFERED, true,
                new BackupHandler(store, options.backupDir(), java.time.Clock.systemUTC())));
        new LoaderHandler(loadJobs).addRoutes(router);
        new QueryUi().addRoutes(router);
        return router;
    }

    public synchronized int port() {
        return http == null ? 0 : http.port();
    }

    /**
     * Stops as {@link HttpServer#stop} does (running requests get the shutdown grace, then
     * are cancelled), then cancels a running bulk load (nothing of it is committed).
     * Returns false if a request is still running: the caller must then not close the
     * store under it (a native crash).
     */
    public synchronized boolean stop() {
        if (http == null) {
            return true;
        }
        int port = http.port();
        LOG.info("stopping: no new requests; {} running get {} s to finish", http.runningRequests(),
                shutdownGrace.toSeconds());
        boolean idle = http.stop();
        loadJobs.close();
        processMetrics.close();
        http = null;
        LOG.info("stopped listening on port {}", port);
        return idle;
    }
}
