/**
 * The HTTP server: bootstrap and lifecycle ({@link dev.quarry.endpoint.http.QuarryServer}),
 * the per-connection pipeline and dispatcher (keep-alive, pipelining, streamed bodies,
 * slow-client timeouts), the route table, and the {@link dev.quarry.endpoint.http.Exchange}
 * handlers see. Handlers run on a worker pool, never on the event loop.
 *
 * <p>Imports: Netty and the handler packages it routes to; never {@code cli}, the loader's internals,
 * or {@code store.rocks}.
 */
package dev.quarry.endpoint.http;
