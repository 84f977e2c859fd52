/**
 * The SPARQL 1.1 Protocol and Graph Store Protocol W3C suites over HTTP against a running
 * server ({@link dev.quarry.e2e.http.W3cHttpManifest} reads the manifests).
 *
 * <p>Imports: the server's and the store's public classes; never a handler or engine internal.
 */
package dev.quarry.e2e.http;
