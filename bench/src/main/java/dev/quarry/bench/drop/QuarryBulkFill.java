package dev.quarry.bench.drop;

import dev.quarry.store.BulkSession;
import dev.quarry.store.QuadStore;
import dev.quarry.store.SstFileBuilder;
import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermCodec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntFunction;
import org.apache.jena.graph.Node;

/**
 * Fills an empty store with {@link DropQuads} through one {@link BulkSession}: ids are
 * computed from the quad index, every key space is written as one sorted SST file, and
 * the load is ingested in one atomic commit (the shape of the loader's last stage).
 */
public final class QuarryBulkFill {
    private QuarryBulkFill() {}

    private record TermKey(byte[] key, long id) {}

    public static void fill(QuadStore store, int n) {
        int subjects = DropQuads.subjects(n);
        try (BulkSession session = store.beginBulk()) {
            TermCodec codec = session.dictionary().codec();
            long terms = (long) subjects + DropQuads.PREDICATES + DropQuads.GRAPHS + n;
            long first = session.reserveIds(terms);
            long sBase = first, pBase = sBase + subjects, gBase = pBase + DropQuads.PREDICATES, oBase = gBase + DropQuads.GRAPHS;

            List<Path> files = new ArrayList<>();
            TermKey[] term2id = new TermKey[(int) terms];
            try (SstFileBuilder id2term = session.newFile("id2term")) {
                int t = 0;
                t = addTerms(codec, id2term, term2id, t, sBase, subjects, DropQuads::subject);
                t = addTerms(codec, id2term, term2id, t, pBase, DropQuads.PREDICATES, DropQuads::predicate);
                t = addTerms(codec, id2term, term2id, t, gBase, DropQuads.GRAPHS, DropQuads::graph);
                addTerms(codec, id2term, term2id, t, oBase, n, DropQuads::object);
                files.add(id2term.finish());
            }
            Arrays.sort(term2id, Comparator.comparing(TermKey::key, Arrays::compareUnsigned));
            try (SstFileBuilder f = session.newFile("term2id")) {
                for (TermKey k : term2id) {
                    f.add(k.key(), KeyLayout.longBytes(k.id()));
                }
                files.add(f.finish());
            }
            session.countTerms(terms);

            long[] quad = new long[4];
            for (Permutation perm : Permutation.values()) {
                byte[][] keys = new byte[n][];
                for (int i = 0; i < n; i++) {
                    quad[0] = sBase + i / DropQuads.PREDICATES;
                    quad[1] = pBase + i % DropQuads.PREDICATES;
                    quad[2] = oBase + i;
                    quad[3] = gBase + i % DropQuads.GRAPHS;
                    keys[i] = KeyLayout.quadKey(perm, quad);
                    if (perm == Permutation.SPOG) {
                        session.countQuads(quad[3], quad[1], 1);
                    }
                }
                Arrays.sort(keys, Arrays::compareUnsigned);
                try (SstFileBuilder f = session.newFile(perm.name().toLowerCase(java.util.Locale.ROOT))) {
                    for (byte[] k : keys) {
                        f.add(k);
                    }
                    files.add(f.finish());
                }
            }
            session.commit(files);
        }
    }

    private static int addTerms(TermCodec codec, SstFileBuilder id2term, TermKey[] term2id, int t,
            long base, int count, IntFunction<Node> term) {
        for (int k = 0; k < count; k++) {
            byte[] bytes = codec.encode(term.apply(k), true);
            id2term.add(KeyLayout.id2termKey(base + k), bytes);
            term2id[t++] = new TermKey(KeyLayout.term2idKey(bytes), base + k);
        }
        return t;
    }
}
