/**
 * The query benchmark through HTTP: a BSBM-explore-like mix on the generator's data, sent to
 * any SPARQL 1.1 Protocol endpoint (Quarry, Fuseki, Oxigraph...) by {@link dev.quarry.bench.http.HttpBench},
 * with the row counts of every query kept for a cross-check between servers. bench/http-peers.sh
 * loads a file into each server, serves it and runs the driver. {@link dev.quarry.bench.http.KeepAliveLatency}
 * times one query over a keep-alive connection (bench/http-overhead.sh: per-request cost of two builds).
 *
 * <p>Imports: {@code bench.gen} and the JDK's HTTP client; never Quarry's code (it talks to any
 * SPARQL endpoint over HTTP).
 */
package dev.quarry.bench.http;
