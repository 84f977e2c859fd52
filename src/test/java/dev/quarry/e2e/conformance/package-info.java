/**
 * The W3C conformance suites run against the store: RDF 1.1/1.2 round trips
 * (RIOT is the oracle, the store must give back an isomorphic dataset) and the
 * SPARQL 1.1 query and update suites through ARQ on {@code QuarryDatasetGraph}, and
 * their evaluation tests again through the HTTP endpoint (a
 * {@link dev.quarry.e2e.conformance.SparqlTarget} is where a request runs; evaluation
 * and comparison are shared). One {@code @TestFactory} per manifest, one dynamic test
 * per entry, and a {@link dev.quarry.e2e.conformance.SkipList} that fails the
 * build when a skipped test starts passing.
 *
 * <p>Imports: the W3C manifests, the server's and the store's public classes; never {@code store.rocks}
 * or a loader or engine internal.
 */
package dev.quarry.e2e.conformance;
