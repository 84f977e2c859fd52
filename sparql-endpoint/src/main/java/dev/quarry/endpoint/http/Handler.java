package dev.quarry.endpoint.http;

/**
 * Serves one kind of request. Runs on the server's worker threads, or, for a route that
 * allows it ({@link Router.Route#inline()}), first on the connection's event loop: there it
 * must not block, and throws {@link Exchange#moveToWorker} to be run again on a worker.
 */
@FunctionalInterface
public interface Handler {
    void handle(Exchange exchange) throws Exception;
}
