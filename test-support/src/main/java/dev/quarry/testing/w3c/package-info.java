/**
 * The W3C test manifests, read in one place: {@link dev.quarry.testing.w3c.Manifest} lists the
 * entries of a manifest and of those it includes, {@link dev.quarry.testing.w3c.ManifestEntry}
 * gives one test's name, type, action and result, {@link dev.quarry.testing.w3c.TestVocab} the
 * manifest vocabularies' terms. The suites' runners (store, e2e) decide what an entry means.
 *
 * <p>Imports: Jena's RDF API and RIOT only; never Quarry's code.
 */
package dev.quarry.testing.w3c;
