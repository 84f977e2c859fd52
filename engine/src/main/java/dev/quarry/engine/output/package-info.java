/**
 * Result writers: rows of ids straight to SPARQL JSON, XML, CSV, TSV and RDF/XML bytes,
 * decoding each term once.
 *
 * <p>Imports: {@code engine.exec} rows, {@code store.encoding} and Jena's writers; never the planner,
 * the endpoint (it writes to any stream), or {@code store.rocks}.
 */
package dev.quarry.engine.output;
