package dev.quarry.store.encoding;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An in-memory prefix dictionary: ids 1, 2, 3... in order of first use. For codec tests, and
 * for a cluster build's per-split tables, which are made global afterwards.
 */
public final class MapPrefixes implements PrefixResolver {
    private final Map<String, Integer> ids = new HashMap<>();
    private final List<String> names = new ArrayList<>();

    @Override
    public int prefixId(String namespace, boolean create) {
        Integer id = ids.get(namespace);
        if (id != null) {
            return id;
        }
        if (!create) {
            return -1;
        }
        names.add(namespace);
        ids.put(namespace, names.size());
        return names.size();
    }

    @Override
    public String namespace(int id) {
        return names.get(id - 1);
    }

    /** The namespaces, the one with id {@code n} at index {@code n - 1}. */
    public String[] table() {
        return names.toArray(new String[0]);
    }
}
