/**
 * SPARQL over HTTP: the SPARQL 1.1 Protocol (queries streamed from a read snapshot,
 * updates in one write transaction with a constant-time DROP ALL), the Graph Store
 * HTTP Protocol, and content negotiation for both.
 *
 * <p>Imports: {@code endpoint.http}, {@code endpoint.source}, the engine, the store's public classes
 * and the loader's public API; never {@code cli}, a loader stage, or {@code store.rocks}.
 */
package dev.quarry.endpoint.sparql;
