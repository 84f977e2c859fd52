/**
 * The HTTP layer: Netty bootstrap and lifecycle ({@link dev.quarry.endpoint.http.HttpServer}),
 * the per-connection pipeline and dispatcher (keep-alive, pipelining, streamed bodies,
 * slow-client timeouts, compression, CORS), the route table, and the
 * {@link dev.quarry.endpoint.http.Exchange} handlers see. Handlers run on a worker pool,
 * never on the event loop.
 *
 * <p>A leaf: it knows handlers, not what they serve. It must not import the store, the
 * engine or the other endpoint packages; {@code endpoint.server} puts the server together.
 */
package dev.quarry.endpoint.http;
