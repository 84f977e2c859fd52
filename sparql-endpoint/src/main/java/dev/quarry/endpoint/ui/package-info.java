/**
 * The query UI at {@code /}: the YASGUI SPARQL editor, served from the jar (taken from its
 * WebJar at build time), so it works without any network beyond this server.
 *
 * <p>Imports: {@code endpoint.http} and Netty only; never the store or the engine (the page talks to
 * the SPARQL endpoint like any client).
 */
package dev.quarry.endpoint.ui;
