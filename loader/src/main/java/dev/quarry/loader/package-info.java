/**
 * Loading RDF into a store: {@link dev.quarry.loader.SimpleLoader} (one transaction
 * through RIOT, the reference path) and the input contract in {@code loader.input}.
 */
package dev.quarry.loader;
