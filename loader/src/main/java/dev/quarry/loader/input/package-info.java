/**
 * The loader's input layer: what the user named becomes {@link dev.quarry.loader.input.Source}s
 * ({@link dev.quarry.loader.input.Sources#expand}: files, directories, globs, stdin, URLs);
 * opening a source sniffs its compression and archive format from magic bytes and yields
 * {@link dev.quarry.loader.input.Feed}s of decompressed bytes, optionally decompressed ahead on
 * their own thread ({@link dev.quarry.loader.input.ReadAheadInputStream}); a
 * {@link dev.quarry.loader.input.LineChunker} cuts line-based feeds into chunks that parse in
 * parallel.
 *
 * <p>Imports: no other Quarry package (it knows bytes, not RDF terms or the store).
 */
package dev.quarry.loader.input;
