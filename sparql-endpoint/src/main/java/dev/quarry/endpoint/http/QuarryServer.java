package dev.quarry.endpoint.http;

import dev.quarry.endpoint.load.LoadJobs;
import dev.quarry.endpoint.load.LoaderHandler;
import dev.quarry.endpoint.monitor.DictionaryCacheMetrics;
import dev.quarry.endpoint.monitor.MetricsHandler;
import dev.quarry.endpoint.monitor.StatusHandler;
import dev.quarry.endpoint.monitor.StoreMetrics;
import dev.quarry.endpoint.sparql.GraphStoreHandler;
import dev.quarry.endpoint.sparql.QueryAdmission;
import dev.quarry.endpoint.sparql.SparqlHandler;
import dev.quarry.endpoint.ui.QueryUi;
import dev.quarry.store.QuadStore;
import dev.quarry.store.arq.QuarryDatasetGraph;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SPARQL server: Netty HTTP/1.1 over a {@link QuadStore}. Event-loop threads only
 * parse HTTP and move bytes; every handler runs on the worker pool, so a long query
 * never stalls other connections. The store stays owned by the caller: {@link #stop}
 * ends the server, not the store.
 *
 * <p>Routes: {@code /sparql}, {@code /query}, {@code /update} (SPARQL 1.1 Protocol),
 * {@code /data} and {@code /data/...} (Graph Store Protocol, indirect and direct identification), {@code /loader} (bulk loads, as Amazon Neptune's
 * loader API), {@code /status}, {@code /metrics}, and the
 * query UI at {@code /} with its files under {@code /ui/}.
 */
public final class QuarryServer {
    private static final Logger LOG = LoggerFactory.getLogger(QuarryServer.class);

    /** How long cancelled requests get to stop, after the shutdown grace period. */
    static final java.time.Duration CANCELLED_STOP = java.time.Duration.ofSeconds(30);

    private EventLoopGroup acceptors;
    private EventLoopGroup ioLoops;
    private ExecutorService workers;
    private ServerContext context;
    private ChannelGroup channels;
    private Channel serverChannel;
    private QueryAdmission admission;
    private LoadJobs loadJobs;
    private int port;

    /** Starts serving {@code store}; returns the bound port (useful with port 0). */
    public synchronized int start(QuadStore store, ServerOptions options) {
        if (serverChannel != null) {
            throw new IllegalStateException("server already started");
        }
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        StoreMetrics.bind(registry, store);
        DictionaryCacheMetrics.bind(registry, store.dictionary());
        RequestMetrics metrics = new RequestMetrics(registry);
        QuarryDatasetGraph dataset = new QuarryDatasetGraph(store);
        admission = new QueryAdmission(options.maxConcurrentQueries(), options.maxQueuedQueries(), registry);
        Router router = routes(store, dataset, options, registry);

        workers = Executors.newCachedThreadPool(named("quarry-worker"));
        context = new ServerContext(options, router, workers, metrics);
        channels = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
        acceptors = new MultiThreadIoEventLoopGroup(1, named("quarry-accept"), NioIoHandler.newFactory());
        ioLoops = new MultiThreadIoEventLoopGroup(0, named("quarry-io"), NioIoHandler.newFactory());
        try {
            serverChannel = new ServerBootstrap()
                    .group(acceptors, ioLoops)
                    .channel(NioServerSocketChannel.class)
                    .option(ChannelOption.SO_BACKLOG, 256)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(32 * 1024, 128 * 1024))
                    .childHandler(new HttpPipelineInitializer(context, channels))
                    .bind(new InetSocketAddress(options.bind(), options.port()))
                    .syncUninterruptibly()
                    .channel();
        } catch (Exception e) { // also the BindException Netty rethrows unchecked ("Address already in use")
            loadJobs.close();
            shutdownThreads();
            serverChannel = null;
            throw new IllegalStateException("cannot listen on " + options.bind() + ":" + options.port()
                    + ": " + Failures.oneLine(e), e);
        }
        port = ((InetSocketAddress) serverChannel.localAddress()).getPort();
        LOG.info("serving {} on http://{}:{}/sparql{}", store.directory(), options.bind(), port,
                options.readOnly() ? " (read-only)" : "");
        return port;
    }

    private Router routes(QuadStore store, QuarryDatasetGraph dataset, ServerOptions options,
                          PrometheusMeterRegistry registry) {
        SparqlHandler sparql = new SparqlHandler(dataset, admission, options);
        GraphStoreHandler gsp = new GraphStoreHandler(store, dataset, admission);
        loadJobs = new LoadJobs(store, options.sources(), options.loadJobRetention());
        StatusHandler status = new StatusHandler(store, options, Instant.now(), admission, loadJobs::active);
        MetricsHandler metricsHandler = new MetricsHandler(registry);
        Router router = new Router();
        for (String path : new String[] {"/sparql", "/query", "/update"}) {
            Router.Route r = new Router.Route("sparql", Router.Body.BUFFERED, false, sparql);
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
        new LoaderHandler(loadJobs).addRoutes(router);
        new QueryUi().addRoutes(router);
        return router;
    }

    public synchronized int port() {
        return port;
    }

    /**
     * Stops: no new connections or requests; running requests get the shutdown grace
     * period to finish, then running queries are cancelled. A write that was answered
     * is committed (its commit happened before the answer); a write still running
     * finishes (it commits or aborts as a whole) before the threads stop.
     *
     * <p>Cancelling only sets flags that the query threads check (they close their own
     * cursors and end their own transactions); a query stops within moments of it
     * ({@link #CANCELLED_STOP}). Returns false if a worker is still running after that:
     * the caller must then not close the store under it (a native crash).
     */
    public synchronized boolean stop() {
        if (serverChannel == null) {
            return true;
        }
        context.startDraining();
        serverChannel.close().syncUninterruptibly();
        long graceNanos = context.options().shutdownGrace().toNanos();
        boolean idle = true;
        if (!awaitIdle(graceNanos)) {
            LOG.info("cancelling {} running request(s)", context.running().size());
            for (Exchange ex : context.running()) {
                ex.cancel();
            }
            idle = awaitIdle(CANCELLED_STOP.toNanos());
        }
        loadJobs.close(); // a running load is cancelled: nothing of it is committed
        workers.shutdown();
        try {
            idle &= workers.awaitTermination(idle ? 30 : 1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            idle = false;
        }
        if (!idle) {
            LOG.warn("{} request(s) still running after cancellation", context.running().size());
        }
        channels.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        shutdownThreads();
        serverChannel = null;
        return idle;
    }

    private boolean awaitIdle(long nanos) {
        long deadline = System.nanoTime() + nanos;
        while (!context.running().isEmpty()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    private void shutdownThreads() {
        if (acceptors != null) {
            acceptors.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        }
        if (ioLoops != null) {
            ioLoops.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        }
        if (workers != null) {
            workers.shutdownNow();
        }
    }

    private static ThreadFactory named(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
