package dev.quarry.store.encoding;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** An in-memory prefix dictionary for codec tests: ids 1, 2, 3... in order of first use. */
final class MapPrefixes implements PrefixResolver {
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
}
