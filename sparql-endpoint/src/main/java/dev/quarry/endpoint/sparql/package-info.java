/**
 * SPARQL over HTTP: the SPARQL 1.1 Protocol (queries streamed from a read snapshot,
 * updates in one write transaction with a constant-time DROP ALL), the Graph Store
 * HTTP Protocol, and content negotiation for both.
 */
package dev.quarry.endpoint.sparql;
