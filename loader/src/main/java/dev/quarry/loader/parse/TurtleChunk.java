package dev.quarry.loader.parse;

/**
 * A run of whole lines of a Turtle/TriG feed that, as far as {@link TurtleChunker} can tell
 * from the bytes, starts a statement: {@code bytes[offset, offset+length)}.
 *
 * @param firstLine the 1-based line of the feed the chunk starts at (errors keep the feed's lines)
 * @param index the chunk's place in the feed, from 0
 * @param last whether the feed ends with this chunk
 * @param start the base and prefixes predicted to be in effect at the chunk's start, or null
 *     if the chunker could not predict them (the chunk is then parsed after its predecessor,
 *     on one thread, see {@link TurtleChunkParser})
 */
public record TurtleChunk(byte[] bytes, int offset, int length, long firstLine, int index, boolean last,
                          Prologue start) {}
