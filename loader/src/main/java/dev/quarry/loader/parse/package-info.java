/**
 * Parsing to ids: a byte-level N-Quads/N-Triples parser for the common case, with RIOT
 * deciding every line the fast path is not sure of (so results and error messages are
 * RIOT's), and RIOT for the other syntaxes.
 */
package dev.quarry.loader.parse;
