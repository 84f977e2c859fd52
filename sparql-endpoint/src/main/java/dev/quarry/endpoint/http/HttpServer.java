package dev.quarry.endpoint.http;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.jvm.ExecutorServiceMetrics;
import io.micrometer.core.instrument.binder.netty4.NettyEventExecutorMetrics;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Netty HTTP/1.1 serving a {@link Router}'s handlers: event-loop threads accept connections
 * ({@link Listeners}), parse HTTP and move bytes, and answer short queries themselves; every
 * other handler runs on the worker pool, so a long request never stalls other connections.
 * It knows handlers, not what they serve: the composition root
 * ({@code endpoint.server.QuarryServer}) builds the routes.
 */
public final class HttpServer {
    private static final Logger LOG = LoggerFactory.getLogger(HttpServer.class);

    /** How long cancelled requests get to stop, after the shutdown grace period. */
    static final Duration CANCELLED_STOP = Duration.ofSeconds(30);

    private final HttpOptions options;
    private final Router router;
    private final MeterRegistry registry;
    private EventLoopGroup ioLoops;
    private ExecutorService workers;
    private ServerContext context;
    private ChannelGroup channels;
    private Listeners listeners;
    private int port;

    public HttpServer(HttpOptions options, Router router, MeterRegistry registry) {
        this.options = options;
        this.router = router;
        this.registry = registry;
    }

    /** Listens; returns the bound port (useful with port 0). Throws IllegalStateException when it cannot. */
    public synchronized int start() {
        return start(true);
    }

    /**
     * Binds the port (a taken port fails here, at once); accepts connections now, or, if not
     * {@code accepting}, only after {@link #accept()}: until then clients connect and wait in
     * the listen backlog.
     */
    public synchronized int start(boolean accepting) {
        if (listeners != null) {
            throw new IllegalStateException("server already started");
        }
        workers = Executors.newCachedThreadPool(named("quarry-worker"));
        new ExecutorServiceMetrics(workers, "quarry.workers", Tags.empty()).bindTo(registry);
        context = new ServerContext(options, router, workers, new RequestMetrics(registry));
        channels = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
        ioLoops = new MultiThreadIoEventLoopGroup(0, named("quarry-io"), NioIoHandler.newFactory());
        new NettyEventExecutorMetrics(ioLoops).bindTo(registry);
        ServerBootstrap bootstrap = new ServerBootstrap()
                .option(ChannelOption.SO_BACKLOG, 256)
                .option(ChannelOption.AUTO_READ, accepting)
                .childOption(ChannelOption.TCP_NODELAY, true)
                // a client's half-close is an end of its requests, not of the connection (ExchangeDispatcher)
                .childOption(ChannelOption.ALLOW_HALF_CLOSURE, true)
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(32 * 1024, 128 * 1024))
                .childHandler(new HttpPipelineInitializer(context, channels));
        try {
            listeners = Listeners.bind(bootstrap, ioLoops, new InetSocketAddress(options.bind(), options.port()), named("quarry-accept"));
        } catch (Exception e) { // also the BindException Netty rethrows unchecked ("Address already in use")
            shutdownThreads();
            listeners = null;
            throw new IllegalStateException("cannot listen on " + options.bind() + ":" + options.port()
                    + ": " + Failures.oneLine(e), e);
        }
        port = listeners.port();
        return port;
    }

    public synchronized int port() {
        return port;
    }

    /** Starts accepting connections after {@code start(false)}. */
    public synchronized void accept() {
        if (listeners != null) {
            listeners.autoRead(true);
        }
    }

    /** Requests being served now. */
    public int runningRequests() {
        ServerContext c = context;
        return c == null ? 0 : c.running().size();
    }

    /**
     * Stops: no new connections or requests; running requests get the shutdown grace
     * period to finish, then they are cancelled. A write that was answered is committed
     * (its commit happened before the answer); a write still running finishes (it commits
     * or aborts as a whole) before the threads stop.
     *
     * <p>Cancelling only sets flags that the request threads check (queries close their
     * own cursors and end their own transactions); a request stops within moments of it
     * ({@link #CANCELLED_STOP}). Returns false if a worker is still running after that:
     * the caller must then not close what the handlers use (a store closed under a query
     * is a native crash).
     */
    public synchronized boolean stop() {
        if (listeners == null) {
            return true;
        }
        context.startDraining();
        listeners.close();
        boolean idle = true;
        if (!awaitIdle(options.shutdownGrace().toNanos())) {
            LOG.info("cancelling {} running request(s)", context.running().size());
            for (Exchange ex : context.running()) {
                ex.cancel();
            }
            idle = awaitIdle(CANCELLED_STOP.toNanos());
        }
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
        listeners = null;
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
        if (listeners != null) {
            listeners.shutdownAcceptor();
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
