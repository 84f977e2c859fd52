package dev.quarry.loader.prefix;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.apache.jena.atlas.lib.Pair;
import org.apache.jena.riot.system.PrefixEntry;
import org.apache.jena.shared.PrefixMapping;

/**
 * One document's view of the {@link SharedPrefixes}: what RIOT's Turtle/TriG parser uses
 * ({@code add} on {@code @prefix}, {@code expand} on a prefixed name) goes to the shared
 * tables through a small bounded cache. Whole-map operations (listing, abbreviating) are
 * not supported: enumerating ten million entries is what this class exists to avoid, and
 * the parsers do not need them.
 */
final class FeedPrefixMap implements org.apache.jena.riot.system.PrefixMap {
    private static final int CACHE_LIMIT = 4096;

    private final SharedPrefixes shared;
    private final int feed;
    /**
     * Least recently used labels are dropped first, so the labels in use stay when a document
     * declares thousands. The JDK's access-ordered LinkedHashMap rather than Caffeine: one
     * parser thread owns this map, and a document may be tiny (Caffeine's concurrent machinery
     * would cost more than it saves here).
     */
    private final Map<String, String> cache = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
            return size() > CACHE_LIMIT;
        }
    };
    private long size;

    FeedPrefixMap(SharedPrefixes shared, int feed) {
        this.shared = shared;
        this.feed = feed;
    }

    /** Jena's prefixes may be given with their colon ("ex:"); the stored label never has it. */
    private static String label(String prefix) {
        return prefix.endsWith(":") ? prefix.substring(0, prefix.length() - 1) : prefix;
    }

    @Override
    public String get(String prefix) {
        String label = label(prefix);
        String ns = cache.get(label);
        if (ns == null) {
            ns = shared.namespace(feed, label);
            if (ns != null) {
                remember(label, ns);
            }
        }
        return ns;
    }

    private void remember(String label, String ns) {
        cache.put(label, ns);
    }

    @Override
    public void add(String prefix, String iriString) {
        String label = label(prefix);
        if (shared.define(feed, label, iriString)) {
            size++;
        }
        remember(label, iriString);
    }

    @Override
    public String expand(String prefix, String localName) {
        String ns = get(prefix);
        return ns == null ? null : ns + localName;
    }

    @Override
    public String expand(String prefixedName) {
        int i = prefixedName.indexOf(':');
        return i < 0 ? null : expand(prefixedName.substring(0, i), prefixedName.substring(i + 1));
    }

    @Override
    public boolean containsPrefix(String prefix) {
        return get(prefix) != null;
    }

    @Override
    public void delete(String prefix) {
        String label = label(prefix);
        cache.remove(label);
        if (shared.undefine(feed, label)) {
            size--;
        }
    }

    @Override
    public boolean isEmpty() {
        return size == 0;
    }

    @Override
    public int size() {
        return (int) Math.min(Integer.MAX_VALUE, size);
    }

    @Override
    public void putAll(org.apache.jena.riot.system.PrefixMap pmap) {
        pmap.forEach(this::add);
    }

    @Override
    public void putAll(PrefixMapping pmap) {
        pmap.getNsPrefixMap().forEach(this::add);
    }

    @Override
    public void putAll(Map<String, String> mapping) {
        mapping.forEach(this::add);
    }

    @Override
    public Map<String, String> getMapping() {
        throw unsupported("getMapping");
    }

    @Override
    public Map<String, String> getMappingCopy() {
        throw unsupported("getMappingCopy");
    }

    @Override
    public void forEach(BiConsumer<String, String> action) {
        throw unsupported("forEach");
    }

    @Override
    public Stream<PrefixEntry> stream() {
        throw unsupported("stream");
    }

    @Override
    public void clear() {
        throw unsupported("clear");
    }

    @Override
    public String abbreviate(String uriStr) {
        throw unsupported("abbreviate");
    }

    @Override
    public Pair<String, String> abbrev(String uriStr) {
        throw unsupported("abbrev");
    }

    private static UnsupportedOperationException unsupported(String what) {
        return new UnsupportedOperationException(what + " on the load's disk-backed prefix map (parsing needs add and expand only)");
    }
}
