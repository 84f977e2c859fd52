/**
 * The SPARQL engine's entry point: {@link dev.quarry.engine.SparqlEngine} prepares a query
 * (shape cache, plan) and runs it as a {@link dev.quarry.engine.QueryRun}; DESCRIBE.
 *
 * <p>Imports: the engine's own packages, the store's public classes and Jena; never {@code store.rocks},
 * the loader or the endpoint.
 */
package dev.quarry.engine;
