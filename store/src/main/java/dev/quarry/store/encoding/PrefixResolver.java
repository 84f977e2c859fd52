package dev.quarry.store.encoding;

/** Maps IRI namespaces to small integer ids and back (the prefix dictionary). */
public interface PrefixResolver {
    /** The id of {@code namespace}, assigning a new one if {@code create} and it has none; -1 if absent. */
    int prefixId(String namespace, boolean create);

    /** The namespace with id {@code id}; fails if there is none. */
    String namespace(int id);
}
