/**
 * Parsing to ids: a byte-level N-Quads/N-Triples parser for the common case, with RIOT
 * deciding every line the fast path is not sure of (so results and error messages are
 * RIOT's), and RIOT for the other syntaxes.
 *
 * <p>Owns what counts as a bad statement (RIOT's strict mode decides) and where reading
 * resumes after one. Imports: {@code encode} (terms to ids), {@code input}, {@code prefix};
 * never {@code stage}, {@code sort} or the store.
 */
package dev.quarry.loader.parse;
