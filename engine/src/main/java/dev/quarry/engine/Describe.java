package dev.quarry.engine;

import dev.quarry.engine.exec.ExecContext;
import dev.quarry.store.QuadCursor;
import dev.quarry.store.QuadReader;
import dev.quarry.store.encoding.TermId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;

/**
 * DESCRIBE on ids, with ARQ's default description ({@code DescribeBNodeClosure}): for each
 * resource, its triples as subject in the default graph and in every named graph, and
 * recursively those of the blank nodes they reach within the same graph; literals are not
 * described. The answer is the set of those triples.
 */
final class Describe {
    private final ExecContext cx;
    private final QuadReader reader;
    /** Triples found, as {s, p, o} ids (a set: graphs may repeat a triple). */
    private final Set<List<Long>> triples = new LinkedHashSet<>();

    private Describe(ExecContext cx) {
        this.cx = cx;
        this.reader = cx.reader();
    }

    /** The description of {@code resources} (ids; literals among them are skipped). */
    static List<Triple> of(ExecContext cx, Set<Long> resources) {
        Describe d = new Describe(cx);
        for (long r : resources) {
            Node n = cx.node(r);
            if (!n.isLiteral() && !TermId.isQueryLocal(r)) {
                d.describe(r);
            }
        }
        List<Triple> out = new ArrayList<>(d.triples.size());
        for (List<Long> t : d.triples) {
            out.add(Triple.create(cx.node(t.get(0)), cx.node(t.get(1)), cx.node(t.get(2))));
        }
        return out;
    }

    /**
     * One scan of {@code resource}'s quads in every graph gives its triples; the blank nodes
     * they reach are then closed over within their graph. (The same as a closure per graph,
     * without a second seek for each graph the resource is in.)
     */
    private void describe(long resource) {
        Map<Long, Set<Long>> visited = new HashMap<>();
        Deque<long[]> todo = new ArrayDeque<>(); // {blank node, graph}
        try (QuadCursor c = reader.find(resource, TermId.NONE, TermId.NONE, TermId.NONE)) {
            while (c.next()) {
                cx.step();
                long g = c.g();
                visited.computeIfAbsent(g, k -> new HashSet<>()).add(resource);
                add(resource, c.p(), c.o(), g, todo);
            }
        }
        while (!todo.isEmpty()) {
            long[] next = todo.poll();
            long s = next[0];
            long g = next[1];
            if (!visited.computeIfAbsent(g, k -> new HashSet<>()).add(s)) {
                continue;
            }
            try (QuadCursor c = reader.find(s, TermId.NONE, TermId.NONE, g)) {
                while (c.next()) {
                    cx.step();
                    add(s, c.p(), c.o(), g, todo);
                }
            }
        }
    }

    private void add(long s, long p, long o, long g, Deque<long[]> todo) {
        triples.add(List.of(s, p, o));
        if (!TermId.isInline(o) && cx.node(o).isBlank()) {
            todo.add(new long[] {o, g});
        }
    }
}
