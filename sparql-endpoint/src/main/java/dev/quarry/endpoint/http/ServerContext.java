package dev.quarry.endpoint.http;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every connection of one server shares: options, routes, the worker executor,
 * the running exchanges (for a graceful stop) and the metrics.
 */
final class ServerContext {
    private static final Logger LOG = LoggerFactory.getLogger(ServerContext.class);

    private final HttpOptions options;
    private final Router router;
    private final ExecutorService workers;
    private final RequestMetrics metrics;
    private final InlinePolicy inline;
    private final WriteGuard writeGuard;
    private final OriginPolicy originPolicy;
    private final Set<Exchange> running = ConcurrentHashMap.newKeySet();
    private final AtomicLong requestIds = new AtomicLong();
    private volatile boolean draining;

    ServerContext(HttpOptions options, Router router, ExecutorService workers, RequestMetrics metrics) {
        this.options = options;
        this.router = router;
        this.workers = workers;
        this.metrics = metrics;
        this.inline = new InlinePolicy(options.inlineBudget(), metrics.registry());
        this.originPolicy = new OriginPolicy(options.allowedHosts(), options.writeOrigins());
        this.writeGuard = new WriteGuard(options.readOnly(), options.authToken(), originPolicy);
    }

    HttpOptions options() {
        return options;
    }

    Router router() {
        return router;
    }

    WriteGuard writeGuard() {
        return writeGuard;
    }

    OriginPolicy originPolicy() {
        return originPolicy;
    }

    /** A new request's id: 1, 2, 3... for the life of the server (the access log's and X-Request-Id). */
    long nextRequestId() {
        return requestIds.incrementAndGet();
    }

    boolean isDraining() {
        return draining;
    }

    void startDraining() {
        draining = true;
    }

    Set<Exchange> running() {
        return running;
    }

    /**
     * Runs the route's handler, on this event loop if {@link InlinePolicy} lets it and it
     * finishes there, else on a worker thread; every outcome ends in a response.
     */
    void submit(Exchange ex, Router.Route route) {
        running.add(ex);
        if (route.body() == Router.Body.BUFFERED && inline.tryInline(ex, route) && runInline(ex, route)) {
            return;
        }
        try {
            workers.execute(() -> run(ex, route));
        } catch (RejectedExecutionException e) {
            running.remove(ex);
            ex.respondError(io.netty.handler.codec.http.HttpResponseStatus.SERVICE_UNAVAILABLE,
                    "the server is shutting down");
        }
    }

    /**
     * Runs the handler here, on the connection's event loop; false if it asked to move
     * (nothing of its response was sent), and then it is to run again on a worker.
     */
    private boolean runInline(Exchange ex, Router.Route route) {
        long start = System.nanoTime();
        ex.beginInline(inline.budgetMillis());
        try {
            route.handler().handle(ex);
            if (!ex.isStarted() && !ex.moveRequested()) {
                throw new IllegalStateException("handler for " + ex.operation() + " sent no response");
            }
        } catch (Throwable t) {
            if (!ex.moveRequested()) {
                Failures.answer(ex, t, LOG);
            } else if (LOG.isDebugEnabled()) {
                LOG.debug("request {} {}", ex.id(), Failures.oneLine(t));
            }
        }
        if (ex.moveRequested() && ex.resetForWorker()) {
            inline.moved(System.nanoTime() - start);
            return false;
        }
        ex.endInline();
        running.remove(ex);
        metrics.record(ex, System.nanoTime() - start);
        inline.answered();
        return true;
    }

    private void run(Exchange ex, Router.Route route) {
        long start = System.nanoTime();
        try {
            route.handler().handle(ex);
            if (!ex.isStarted()) {
                throw new IllegalStateException("handler for " + ex.operation() + " sent no response");
            }
        } catch (Throwable t) {
            Failures.answer(ex, t, LOG);
        } finally {
            if (ex.streamedBody() != null) {
                ex.streamedBody().close();
            }
            running.remove(ex);
            metrics.record(ex, System.nanoTime() - start);
        }
    }
}
