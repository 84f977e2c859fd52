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
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Quad;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * Checks that a store agrees with itself, on one snapshot:
 * <ul>
 *   <li>all six permutations hold the same quads (same count and the same sum of quad
 *       hashes; an index that differs is then searched for the quads it lacks);</li>
 *   <li>every inline id used in a quad re-encodes to itself; every dictionary id used in a
 *       quad has a term;</li>
 *   <li>every dictionary term decodes and re-encodes to the same bytes, and ID2TERM and
 *       TERM2ID hold the same (id, term hash) pairs (count and sum of pair hashes; on a
 *       difference each entry is looked up in the other map, to name it; two terms with one
 *       hash would leave TERM2ID an entry short);</li>
 *   <li>the statistics match a recount.</li>
 * </ul>
 * Cost: one sequential pass over each index and each dictionary map, run in parallel on the
 * snapshot (one task each), and no random reads unless something differs. The dictionary ids
 * seen are kept in compressed bitmaps (ids are dense sequences: a few bits each) and compared
 * once at the end, so every id is checked however many there are. Before, each distinct id
 * cost two random reads, which made verify on a large store mostly seek time.
 */
public final class StoreValidator {
    public static final int MAX_PROBLEMS = 100;

    private final QuadStore store;

    private StoreValidator(QuadStore store) {
        this.store = store;
    }

    public static ValidationReport validate(QuadStore store) {
        return new StoreValidator(store).run();
    }

    /** Problems found by one task; merged in a fixed task order so a report reads the same each run. */
    private static final class Problems {
        final List<String> lines = new ArrayList<>();

        void add(String what) {
            if (lines.size() < MAX_PROBLEMS) {
                lines.add(what);
            }
        }

        boolean full() {
            return lines.size() >= MAX_PROBLEMS;
        }
    }

    /** The entries of an index or dictionary map: how many, and the sum of their hashes (equal sums: same entries). */
    private record Checksum(long count, long sum) {}

    /**
     * What the SPOG pass finds besides its checksum: the checksum of the named graphs' quads
     * (what the graph-first indexes hold), the dictionary ids quads use, per-graph and
     * per-predicate counts.
     */
    private record SpogPass(Checksum sum, Checksum named, Roaring64NavigableMap dictionaryIds, Map<Long, long[]> perGraph,
            Map<Long, long[]> perPredicate, Problems problems) {}

    /** What the ID2TERM pass finds besides its checksum of (id, term bytes) pairs: the ids it holds. */
    private record Id2TermPass(Checksum sum, Roaring64NavigableMap ids, Problems problems) {}

    private ValidationReport run() {
        int threads = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "quarry-verify");
            t.setDaemon(true);
            return t;
        });
        // Every task reads the same snapshot; each opens and closes its own iterators on its
        // own thread, and all are joined before the snapshot is closed.
        try (ReadView view = store.newReadView()) {
            KvReader kv = view.kvReader();
            TermCodec codec = store.dictionary().codec();
            CompletableFuture<SpogPass> spog = submit(pool, () -> scanSpog(kv));
            Map<Permutation, CompletableFuture<Checksum>> others = new EnumMap<>(Permutation.class);
            for (Permutation perm : Permutation.values()) {
                if (perm != Permutation.SPOG) {
                    others.put(perm, submit(pool, () -> scanIndex(kv, perm)));
                }
            }
            CompletableFuture<Id2TermPass> id2term = submit(pool, () -> scanId2Term(kv, codec));
            CompletableFuture<Checksum> term2id = submit(pool, () -> scanTerm2Id(kv));

            List<String> problems = new ArrayList<>();
            SpogPass s = join(spog);
            problems.addAll(s.problems().lines);
            for (Map.Entry<Permutation, CompletableFuture<Checksum>> e : others.entrySet()) {
                Checksum o = join(e.getValue());
                Checksum expected = e.getKey().holdsAll() ? s.sum() : s.named();
                if (!o.equals(expected)) {
                    add(problems, e.getKey() + " does not hold the same quads as SPOG" + (e.getKey().holdsAll() ? "" : " in named graphs")
                            + " (" + o.count() + " vs " + expected.count() + " quads)");
                    findMissing(kv, e.getKey(), problems);
                }
            }
            Id2TermPass forward = join(id2term);
            Checksum reverse = join(term2id);
            forward.problems().lines.forEach(p -> add(problems, p));
            Roaring64NavigableMap missing = Roaring64NavigableMap.andNot(s.dictionaryIds(), forward.ids());
            missing.forEach(id -> add(problems, "id " + TermId.toString(id) + " is used by a quad but has no term"));
            long terms = forward.sum().count();
            if (!forward.sum().equals(reverse)) {
                if (terms != reverse.count()) {
                    add(problems, "ID2TERM has " + terms + " entries, TERM2ID " + reverse.count());
                }
                findUnmatchedDictionaryEntries(kv, problems);
            }
            checkStatistics(view, s, terms, problems);
            return new ValidationReport(s.sum().count(), terms, List.copyOf(problems));
        } finally {
            pool.shutdownNow();
        }
    }

    private static <T> CompletableFuture<T> submit(ExecutorService pool, Supplier<T> task) {
        return CompletableFuture.supplyAsync(task, pool);
    }

    private static <T> T join(CompletableFuture<T> f) {
        try {
            return f.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }

    private static void add(List<String> problems, String what) {
        if (problems.size() < MAX_PROBLEMS) {
            problems.add(what);
        }
    }

    /** The SPOG pass: checksum, the ids quads use (inline ones checked on the spot), counts for the statistics. */
    private static SpogPass scanSpog(KvReader kv) {
        long[] quad = new long[4];
        long count = 0;
        long sum = 0;
        long namedCount = 0;
        long namedSum = 0;
        Roaring64NavigableMap dictionaryIds = new Roaring64NavigableMap();
        Roaring64NavigableMap inlineSeen = new Roaring64NavigableMap();
        Map<Long, long[]> perGraph = new HashMap<>();
        Map<Long, long[]> perPredicate = new HashMap<>();
        Problems problems = new Problems();
        long lastGraph = TermId.NONE;
        long[] graphCount = null;
        long lastPredicate = TermId.NONE;
        long[] predicateCount = null;
        try (KvIterator it = kv.scan(new byte[] {KeyLayout.TAG_SPOG})) {
            while (it.next()) {
                KeyLayout.readQuadKey(Permutation.SPOG, it.key(), quad);
                count++;
                long hash = quadHash(quad);
                sum += hash;
                if (quad[Permutation.G] != TermId.DEFAULT_GRAPH) {
                    namedCount++;
                    namedSum += hash;
                }
                for (int i = 0; i < 4; i++) {
                    long id = quad[i];
                    if (i == Permutation.G && id == TermId.DEFAULT_GRAPH) {
                        continue;
                    }
                    if (TermId.isDictionary(id)) {
                        dictionaryIds.addLong(id);
                    } else if (!inlineSeen.contains(id)) {
                        inlineSeen.addLong(id);
                        checkInline(id, problems);
                    }
                }
                // Consecutive quads mostly share graph and predicate: look the counter up only on a change.
                if (graphCount == null || quad[Permutation.G] != lastGraph) {
                    lastGraph = quad[Permutation.G];
                    graphCount = perGraph.computeIfAbsent(lastGraph, k -> new long[1]);
                }
                graphCount[0]++;
                if (predicateCount == null || quad[Permutation.P] != lastPredicate) {
                    lastPredicate = quad[Permutation.P];
                    predicateCount = perPredicate.computeIfAbsent(lastPredicate, k -> new long[1]);
                }
                predicateCount[0]++;
            }
        }
        return new SpogPass(new Checksum(count, sum), new Checksum(namedCount, namedSum), dictionaryIds, perGraph, perPredicate, problems);
    }

    private static Checksum scanIndex(KvReader kv, Permutation perm) {
        long[] quad = new long[4];
        long n = 0;
        long sum = 0;
        try (KvIterator it = kv.scan(new byte[] {perm.tag()})) {
            while (it.next()) {
                KeyLayout.readQuadKey(perm, it.key(), quad);
                n++;
                sum += quadHash(quad);
            }
        }
        return new Checksum(n, sum);
    }

    /**
     * Names SPOG quads missing from {@code perm}, and quads of the default graph that a
     * graph-first index holds although it should not (random reads: only run when checksums differ).
     */
    private static void findMissing(KvReader kv, Permutation perm, List<String> problems) {
        long[] quad = new long[4];
        try (KvIterator it = kv.scan(new byte[] {KeyLayout.TAG_SPOG})) {
            while (it.next() && problems.size() < MAX_PROBLEMS) {
                KeyLayout.readQuadKey(Permutation.SPOG, it.key(), quad);
                if (perm.holds(quad[Permutation.G]) && kv.get(KeyLayout.quadKey(perm, quad)) == null) {
                    add(problems, perm + " lacks quad " + show(quad));
                }
            }
        }
        if (!perm.holds(TermId.DEFAULT_GRAPH)) {
            try (KvIterator it = kv.scan(KeyLayout.graphPrefix(perm, TermId.DEFAULT_GRAPH))) {
                while (it.next() && problems.size() < MAX_PROBLEMS) {
                    KeyLayout.readQuadKey(perm, it.key(), quad);
                    add(problems, perm + " holds default-graph quad " + show(quad) + ", which only SPOG, POSG and OSPG hold");
                }
            }
        }
    }

    /** A well-mixed 64-bit hash of a quad in (s, p, o, g) order, whatever index it came from. */
    static long quadHash(long[] q) {
        return mix(q[0] + mix(q[1] + mix(q[2] + mix(q[3]))));
    }

    /** A 64-bit hash of a dictionary pair, the same whichever map it was read from. */
    /** A hash of (id, TERM2ID key): the key's bytes after its tag. */
    private static long pairHash(long id, byte[] term2idKey) {
        long h = mix(id);
        for (int i = 1; i < term2idKey.length; i++) {
            h = h * 31 + term2idKey[i];
        }
        return mix(h);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    private static void checkInline(long id, Problems problems) {
        if (!TermId.isInline(id)) {
            problems.add("quad uses an id of unknown kind " + TermId.toString(id));
            return;
        }
        // An inline id must be one the encoder gives: its term re-encodes to the same id.
        try {
            Node n = TermCodec.decodeInline(id);
            if (TermCodec.inlineId(n) != id) {
                problems.add("inline id " + TermId.toString(id) + " decodes to " + n + ", which encodes as "
                        + TermId.toString(TermCodec.inlineId(n)));
            }
        } catch (RuntimeException e) {
            problems.add("inline id " + TermId.toString(id) + " does not decode: " + e.getMessage());
        }
    }

    /**
     * ID2TERM in id order: each term decodes and re-encodes to the bytes stored (so a lookup of
     * the decoded term finds this entry's key in TERM2ID once the two maps agree).
     */
    private static Id2TermPass scanId2Term(KvReader kv, TermCodec codec) {
        long n = 0;
        long sum = 0;
        Roaring64NavigableMap ids = new Roaring64NavigableMap();
        Problems problems = new Problems();
        try (KvIterator it = kv.scan(new byte[] {KeyLayout.TAG_ID2TERM})) {
            while (it.next()) {
                n++;
                long id = KeyLayout.getLong(it.key(), 1);
                byte[] term = it.value();
                ids.addLong(id);
                sum += pairHash(id, KeyLayout.term2idKey(term));
                if (!problems.full()) {
                    checkTerm(codec, id, term, problems);
                }
            }
        }
        return new Id2TermPass(new Checksum(n, sum), ids, problems);
    }

    private static void checkTerm(TermCodec codec, long id, byte[] term, Problems problems) {
        Node node;
        try {
            node = codec.decode(term);
        } catch (RuntimeException e) {
            problems.add("id " + TermId.toString(id) + " does not decode: " + e.getMessage());
            return;
        }
        if (TermCodec.inlineId(node) != TermId.NONE) {
            problems.add("term " + node + " (id " + TermId.toString(id) + ") has an inline id: lookups never find this entry");
            return;
        }
        byte[] again;
        try {
            again = codec.encode(node, false);
        } catch (RuntimeException e) {
            problems.add("term " + node + " (id " + TermId.toString(id) + ") does not encode: " + e.getMessage());
            return;
        }
        if (!Arrays.equals(term, again)) {
            problems.add("term " + node + " (id " + TermId.toString(id) + ") is stored in a form it does not encode to");
        }
    }

    private static Checksum scanTerm2Id(KvReader kv) {
        long n = 0;
        long sum = 0;
        try (KvIterator it = kv.scan(new byte[] {KeyLayout.TAG_TERM2ID})) {
            while (it.next()) {
                n++;
                sum += pairHash(KeyLayout.getLong(it.value(), 0), it.key());
            }
        }
        return new Checksum(n, sum);
    }

    /** Names the dictionary entries without a matching entry in the other map (random reads: only run when the sums differ). */
    private static void findUnmatchedDictionaryEntries(KvReader kv, List<String> problems) {
        try (KvIterator it = kv.scan(new byte[] {KeyLayout.TAG_ID2TERM})) {
            while (it.next() && problems.size() < MAX_PROBLEMS) {
                long id = KeyLayout.getLong(it.key(), 1);
                byte[] back = kv.get(KeyLayout.term2idKey(it.value()));
                if (back == null || KeyLayout.getLong(back, 0) != id) {
                    add(problems, "ID2TERM " + TermId.toString(id) + " has no matching TERM2ID entry");
                }
            }
        }
        try (KvIterator it = kv.scan(new byte[] {KeyLayout.TAG_TERM2ID})) {
            while (it.next() && problems.size() < MAX_PROBLEMS) {
                long id = KeyLayout.getLong(it.value(), 0);
                byte[] term = kv.get(KeyLayout.id2termKey(id));
                if (term == null || !Arrays.equals(KeyLayout.term2idKey(term), it.key())) {
                    add(problems, "TERM2ID entry for " + TermId.toString(id) + " has no matching ID2TERM entry");
                }
            }
        }
    }

    private void checkStatistics(ReadView view, SpogPass s, long terms, List<String> problems) {
        StoreStats stats = store.stats(view);
        if (stats.quads() != s.sum().count()) {
            add(problems, "statistics say " + stats.quads() + " quads, the index has " + s.sum().count());
        }
        if (stats.terms() != terms) {
            add(problems, "statistics say " + stats.terms() + " terms, the dictionary has " + terms);
        }
        compareCounts("graph", s.perGraph(), stats.quadsPerGraph(), view, problems);
        compareCounts("predicate", s.perPredicate(), stats.quadsPerPredicate(), view, problems);
    }

    private static void compareCounts(String what, Map<Long, long[]> counted, Map<Node, Long> recorded, ReadView view,
            List<String> problems) {
        if (counted.size() != recorded.size()) {
            add(problems, "statistics list " + recorded.size() + " " + what + "s, the index has " + counted.size());
        }
        for (Map.Entry<Long, long[]> e : counted.entrySet()) {
            Node n;
            try {
                n = e.getKey() == TermId.DEFAULT_GRAPH ? Quad.defaultGraphIRI : view.decode(e.getKey());
            } catch (RuntimeException ex) {
                continue; // reported by the id checks
            }
            Long rec = recorded.get(n);
            if (rec == null || rec.longValue() != e.getValue()[0]) {
                add(problems, "statistics for " + what + " " + n + ": " + rec + ", the index has " + e.getValue()[0]);
            }
        }
    }

    private static String show(long[] quad) {
        return "(" + TermId.toString(quad[0]) + " " + TermId.toString(quad[1]) + " "
                + TermId.toString(quad[2]) + " " + TermId.toString(quad[3]) + ")";
    }
}
