package dev.quarry.store.verify;

import dev.quarry.store.QuadStore;
import dev.quarry.store.ReadView;
import dev.quarry.store.StoreStats;
import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermCodec;
import dev.quarry.store.encoding.TermId;
import dev.quarry.store.rocks.KvIterator;
import dev.quarry.store.rocks.KvReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Quad;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * Checks that a store agrees with itself, on one snapshot:
 * <ul>
 *   <li>all six permutations hold the same quads (same count and the same sum of quad
 *       hashes; an index that differs is then searched for the quads it lacks);</li>
 *   <li>every id used in a quad decodes, and maps back to itself (TERM2ID);</li>
 *   <li>ID2TERM and TERM2ID agree in both directions;</li>
 *   <li>the statistics match a recount.</li>
 * </ul>
 * Cost: one sequential pass over each index, plus point reads per distinct term, every one
 * of them (the ids already checked are kept in a compressed bitmap: dictionary ids are dense,
 * so it costs a few bits per id where a boxed set cost ~50 bytes); for tests and the
 * {@code verify} command.
 */
public final class StoreValidator {
    public static final int MAX_PROBLEMS = 100;

    private final QuadStore store;
    private final List<String> problems = new ArrayList<>();

    private StoreValidator(QuadStore store) {
        this.store = store;
    }

    public static ValidationReport validate(QuadStore store) {
        return new StoreValidator(store).run();
    }

    private ValidationReport run() {
        try (ReadView view = store.newReadView()) {
            KvReader kv = view.kvReader();
            long quads = checkIndexes(view, kv);
            long terms = checkDictionary(view, kv);
            checkStatistics(view, kv, quads, terms);
            return new ValidationReport(quads, terms, List.copyOf(problems));
        }
    }

    private void problem(String what) {
        if (problems.size() < MAX_PROBLEMS) {
            problems.add(what);
        }
    }

    /**
     * Compares every permutation with SPOG by count and by an order-independent checksum
     * (the sum of a 64-bit hash of each quad), so each index is read once, sequentially,
     * with no random reads. Only an index whose checksum differs is searched quad by quad
     * for the missing keys, to name them.
     */
    private long checkIndexes(ReadView view, KvReader kv) {
        long[] quad = new long[4];
        long spogCount = 0;
        long spogSum = 0;
        Roaring64NavigableMap idsSeen = new Roaring64NavigableMap();
        try (KvIterator it = kv.scan(new byte[] {KeyLayout.TAG_SPOG})) {
            while (it.next()) {
                KeyLayout.readQuadKey(Permutation.SPOG, it.key(), quad);
                spogCount++;
                spogSum += quadHash(quad);
                for (int i = 0; i < 4; i++) {
                    long id = quad[i];
                    if ((i != Permutation.G || id != TermId.DEFAULT_GRAPH) && !idsSeen.contains(id)) {
                        idsSeen.addLong(id);
                        checkId(view, id);
                    }
                }
            }
        }
        for (Permutation perm : Permutation.values()) {
            if (perm == Permutation.SPOG) {
                continue;
            }
            long n = 0;
            long sum = 0;
            try (KvIterator it = kv.scan(new byte[] {perm.tag()})) {
                while (it.next()) {
                    KeyLayout.readQuadKey(perm, it.key(), quad);
                    n++;
                    sum += quadHash(quad);
                }
            }
            if (n != spogCount || sum != spogSum) {
                problem(perm + " does not hold the same quads as SPOG (" + n + " vs " + spogCount + " quads)");
                findMissing(kv, perm);
            }
        }
        return spogCount;
    }

    /** Names SPOG quads missing from {@code perm} (random reads: only run when checksums differ). */
    private void findMissing(KvReader kv, Permutation perm) {
        long[] quad = new long[4];
        try (KvIterator it = kv.scan(new byte[] {KeyLayout.TAG_SPOG})) {
            while (it.next() && problems.size() < MAX_PROBLEMS) {
                KeyLayout.readQuadKey(Permutation.SPOG, it.key(), quad);
                if (kv.get(KeyLayout.quadKey(perm, quad)) == null) {
                    problem(perm + " lacks quad " + show(quad));
                }
            }
        }
    }

    /** A well-mixed 64-bit hash of a quad in (s, p, o, g) order, whatever index it came from. */
    static long quadHash(long[] q) {
        return mix(q[0] + mix(q[1] + mix(q[2] + mix(q[3]))));
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    private void checkId(ReadView view, long id) {
        if (TermId.isInline(id)) {
            // An inline id must be one the encoder gives: its term re-encodes to the same id.
            try {
                Node n = TermCodec.decodeInline(id);
                if (TermCodec.inlineId(n) != id) {
                    problem("inline id " + TermId.toString(id) + " decodes to " + n + ", which encodes as "
                            + TermId.toString(TermCodec.inlineId(n)));
                }
            } catch (RuntimeException e) {
                problem("inline id " + TermId.toString(id) + " does not decode: " + e.getMessage());
            }
            return;
        }
        if (!TermId.isDictionary(id)) {
            problem("quad uses an id of unknown kind " + TermId.toString(id));
            return;
        }
        try {
            Node n = view.decode(id);
            long back = view.lookup(n);
            if (back != id) {
                problem("term " + n + " has id " + TermId.toString(id) + " but looks up as " + TermId.toString(back));
            }
        } catch (RuntimeException e) {
            problem("id " + TermId.toString(id) + " does not decode: " + e.getMessage());
        }
    }

    private long checkDictionary(ReadView view, KvReader kv) {
        long n = 0;
        try (KvIterator it = kv.scan(new byte[] {KeyLayout.TAG_ID2TERM})) {
            while (it.next()) {
                n++;
                long id = KeyLayout.getLong(it.key(), 1);
                byte[] back = kv.get(KeyLayout.term2idKey(it.value()));
                if (back == null || KeyLayout.getLong(back, 0) != id) {
                    problem("ID2TERM " + TermId.toString(id) + " has no matching TERM2ID entry");
                }
            }
        }
        long reverse = 0;
        try (KvIterator it = kv.scan(new byte[] {KeyLayout.TAG_TERM2ID})) {
            while (it.next()) {
                reverse++;
                long id = KeyLayout.getLong(it.value(), 0);
                byte[] term = kv.get(KeyLayout.id2termKey(id));
                byte[] key = it.key();
                if (term == null || !Arrays.equals(term, 0, term.length, key, 1, key.length)) {
                    problem("TERM2ID entry for " + TermId.toString(id) + " has no matching ID2TERM entry");
                }
            }
        }
        if (reverse != n) {
            problem("ID2TERM has " + n + " entries, TERM2ID " + reverse);
        }
        return n;
    }

    private void checkStatistics(ReadView view, KvReader kv, long quads, long terms) {
        StoreStats stats = store.stats(view);
        if (stats.quads() != quads) {
            problem("statistics say " + stats.quads() + " quads, the index has " + quads);
        }
        if (stats.terms() != terms) {
            problem("statistics say " + stats.terms() + " terms, the dictionary has " + terms);
        }
        Map<Long, Long> perGraph = new HashMap<>();
        Map<Long, Long> perPredicate = new HashMap<>();
        long[] quad = new long[4];
        try (KvIterator it = kv.scan(new byte[] {KeyLayout.TAG_SPOG})) {
            while (it.next()) {
                KeyLayout.readQuadKey(Permutation.SPOG, it.key(), quad);
                perGraph.merge(quad[Permutation.G], 1L, Long::sum);
                perPredicate.merge(quad[Permutation.P], 1L, Long::sum);
            }
        }
        compareCounts("graph", perGraph, stats.quadsPerGraph(), view);
        compareCounts("predicate", perPredicate, stats.quadsPerPredicate(), view);
    }

    private void compareCounts(String what, Map<Long, Long> counted, Map<Node, Long> recorded, ReadView view) {
        if (counted.size() != recorded.size()) {
            problem("statistics list " + recorded.size() + " " + what + "s, the index has " + counted.size());
        }
        for (Map.Entry<Long, Long> e : counted.entrySet()) {
            Node n;
            try {
                n = e.getKey() == TermId.DEFAULT_GRAPH ? Quad.defaultGraphIRI : view.decode(e.getKey());
            } catch (RuntimeException ex) {
                continue; // reported by the id checks
            }
            Long rec = recorded.get(n);
            if (rec == null || rec.longValue() != e.getValue()) {
                problem("statistics for " + what + " " + n + ": " + rec + ", the index has " + e.getValue());
            }
        }
    }

    private static String show(long[] quad) {
        return "(" + TermId.toString(quad[0]) + " " + TermId.toString(quad[1]) + " "
                + TermId.toString(quad[2]) + " " + TermId.toString(quad[3]) + ")";
    }
}
