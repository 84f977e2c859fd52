/**
 * The composition root of the SPARQL server: {@link dev.quarry.endpoint.server.ServerOptions}
 * (how it runs) and {@link dev.quarry.endpoint.server.QuarryServer}, which builds the
 * store's dataset, the handlers of {@code sparql}, {@code load}, {@code monitor} and
 * {@code ui}, and the metrics registry, and hands the routes to {@code http}. Nothing
 * but the command line imports this package.
 */
package dev.quarry.endpoint.server;
