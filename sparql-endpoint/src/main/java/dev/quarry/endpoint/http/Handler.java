package dev.quarry.endpoint.http;

/** Serves one kind of request. Runs on the server's worker threads, never on the event loop. */
@FunctionalInterface
public interface Handler {
    void handle(Exchange exchange) throws Exception;
}
