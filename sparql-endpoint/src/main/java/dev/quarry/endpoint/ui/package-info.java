/**
 * The query UI at {@code /}: the YASGUI SPARQL editor, served from the jar (taken from its
 * WebJar at build time), so it works without any network beyond this server.
 */
package dev.quarry.endpoint.ui;
