package dev.quarry.engine.shape;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.quarry.engine.plan.QueryAlgebra;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.jena.graph.Node;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.Syntax;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.graph.NodeTransform;
import org.apache.jena.sparql.graph.NodeTransformLib;

/**
 * Parsed queries by shape: the algebra of the first query of a {@link QueryShape} is
 * reused for later ones by putting their constants where the first one's stood, so ARQ's
 * parser (0.2-0.6 ms for a typical query, most of a short query's cost) runs once per
 * shape instead of once per query, like a prepared statement.
 *
 * <p>A shape is reused only if that substitution is exactly what parsing gives: when a
 * shape is first seen, its text is parsed a second time with every constant replaced by
 * a stand-in of the same kind, and the two algebras must be the same up to that
 * replacement (no constant folded into another, no constant equal to a term the query
 * writes another way). A shape that fails the check, or does not parse, is remembered and
 * always parsed. Keys include the base IRI: relative IRIs resolve against it.
 */
public final class ShapeCache {
    private final Cache<String, Entry> entries;
    private final AtomicLong hits = new AtomicLong();
    private final AtomicLong misses = new AtomicLong();

    /** A reusable shape, or (query == null) one that must always be parsed. */
    private record Entry(Query query, Op op, Node[] constants) {}

    public ShapeCache(int maxShapes) {
        // Cache upkeep on the reading thread, a few microseconds now and then: handed to the
        // common ForkJoinPool, it woke a pool thread every ~8 queries (strace of a keep-alive
        // client: a futex wake-up from the I/O thread), a context switch on a 2-core server.
        this.entries = Caffeine.newBuilder().maximumSize(maxShapes).executor(Runnable::run).build();
    }

    /**
     * The query and its algebra for {@code text}: from the cache when its shape is known,
     * else parsed (and the shape remembered). Throws ARQ's {@code QueryParseException} for
     * a text that does not parse.
     */
    public Prepared prepare(String text, String base) {
        QueryShape shape = QueryShape.of(text);
        if (shape == null) {
            misses.incrementAndGet();
            return parse(text, base);
        }
        String key = base + "\n" + shape.key();
        Entry e = entries.getIfPresent(key);
        if (e != null && e.query != null) {
            hits.incrementAndGet();
            return instantiate(e, shape.constants(), text, base);
        }
        misses.incrementAndGet();
        Prepared p = parse(text, base);
        if (e == null) {
            entries.put(key, check(shape, text, base, p));
        }
        return p;
    }

    public long hits() {
        return hits.get();
    }

    public long misses() {
        return misses.get();
    }

    private static Prepared parse(String text, String base) {
        Query q = QueryFactory.create(text, base, Syntax.syntaxSPARQL_11);
        return new Prepared(q, QueryAlgebra.of(q), Map.of(), text, base);
    }

    /** The cache entry for a shape first seen with {@code p}: reusable if the probe parse agrees. */
    private static Entry check(QueryShape shape, String text, String base, Prepared p) {
        List<Node> constants = shape.constants();
        Node[] probe = new Node[constants.size()];
        Map<Node, Node> toProbe = new HashMap<>();
        for (int i = 0; i < probe.length; i++) {
            probe[i] = shape.probe(i);
            toProbe.put(constants.get(i), probe[i]);
        }
        try {
            Prepared probed = parse(shape.probeText(text, probe), base);
            Op expected = NodeTransformLib.transform(substitution(toProbe), p.op());
            if (expected.equals(probed.op()) && sameQueryForm(p.query(), probed.query(), toProbe)) {
                return new Entry(p.query(), p.op(), constants.toArray(new Node[0]));
            }
        } catch (RuntimeException notReusable) {
            // the stand-ins do not parse where the constants did: parse this shape every time
        }
        return new Entry(null, null, null);
    }

    /** Result variables, CONSTRUCT template and DESCRIBE terms agree up to the substitution. */
    private static boolean sameQueryForm(Query a, Query b, Map<Node, Node> subst) {
        return !a.hasDatasetDescription() && Prepared.queryWith(a, subst).equals(Prepared.queryWith(b, Map.of()));
    }

    private static Prepared instantiate(Entry e, List<Node> constants, String text, String base) {
        Map<Node, Node> subst = new HashMap<>();
        for (int i = 0; i < e.constants.length; i++) {
            if (!e.constants[i].equals(constants.get(i))) {
                subst.put(e.constants[i], constants.get(i));
            }
        }
        if (subst.isEmpty()) {
            return new Prepared(e.query, e.op, Map.of(), text, base);
        }
        return new Prepared(e.query, NodeTransformLib.transform(substitution(subst), e.op), subst, text, base);
    }

    static NodeTransform substitution(Map<Node, Node> subst) {
        return n -> subst.getOrDefault(n, n);
    }
}
