package dev.quarry.loader.encode;

import java.util.UUID;

/**
 * How a load scopes blank node labels, so that {@code _:b1} of two loads, or of two files of one
 * load, are different nodes. Defined once: the loader and the Spark build (which must store the
 * same nodes as a load of the same files) both use it.
 */
public final class BlankScope {
    private BlankScope() {}

    /** The load's scope as text, part of every label the line-based parsers scope ({@link TermEncoder}). */
    public static String ofLoad(UUID loadId) {
        return Long.toHexString(loadId.getMostSignificantBits() ^ loadId.getLeastSignificantBits());
    }

    /** The scope of feed number {@code feed} of the load, for RIOT's label allocator (Turtle, TriG, ...). */
    public static UUID ofFeed(UUID loadId, int feed) {
        return new UUID(loadId.getMostSignificantBits() ^ feed, loadId.getLeastSignificantBits());
    }
}
