package dev.quarry.store.durability;

import dev.quarry.store.BulkSession;
import dev.quarry.store.QuadCursor;
import dev.quarry.store.ReadView;
import dev.quarry.store.SstFileBuilder;
import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.Permutation;
import dev.quarry.store.encoding.TermCodec;
import dev.quarry.store.encoding.TermId;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;

/**
 * The quads a durability child writes for sequence number {@code i}: {@link #QUADS_PER_SEQ}
 * quads, all with subject {@code ex:s<i>}, so the parent can tell, per sequence number,
 * whether a transaction is there whole, not at all, or (a bug) in part.
 */
final class SequenceData {
    static final int QUADS_PER_SEQ = 3;
    private static final String NS = "http://example.org/durability/";

    private SequenceData() {}

    static Node iri(String local) {
        return NodeFactory.createURI(NS + local);
    }

    /** The quads of sequence number {@code i}, each as {g, s, p, o}; g null = default graph. */
    static List<Node[]> quads(long i) {
        Node s = iri("s" + i);
        Node g = iri("g" + (i % 3));
        return List.of(
                new Node[] {g, s, iri("p0"), NodeFactory.createLiteralString("value number " + i)},
                new Node[] {null, s, iri("p1"), NodeFactory.createLiteralDT(Long.toString(i), XSDDatatype.XSDinteger)},
                // An IRI ending in '/' is a namespace of its own: every sequence number creates one,
                // so a commit that does not write its new namespaces first is caught by the validator.
                new Node[] {g, s, iri("p2"), iri("o" + i + "/")});
    }

    /** The sequence number of a subject written by {@link #quads}, or -1 for any other term. */
    static long sequenceOf(Node subject) {
        if (!subject.isURI() || !subject.getURI().startsWith(NS + "s")) {
            return -1;
        }
        return Long.parseLong(subject.getURI().substring(NS.length() + 1));
    }

    /** Sequence number -> how many of its quads the view holds. */
    static Map<Long, Integer> quadsPerSequence(ReadView view) {
        Map<Long, Integer> counts = new TreeMap<>();
        Map<Long, Long> seqBySubjectId = new LinkedHashMap<>();
        try (QuadCursor c = view.find(0, 0, 0, 0)) {
            while (c.next()) {
                long seq = seqBySubjectId.computeIfAbsent(c.s(), id -> sequenceOf(view.decode(id)));
                counts.merge(seq, 1, Integer::sum);
            }
        }
        return counts;
    }

    /**
     * Writes the quads of sequence numbers {@code [from, to)} as sorted SST files of
     * {@code session}, the way the bulk loader does (ids reserved from the session,
     * terms already committed reused), and counts them in the session's statistics.
     * The sequence numbers must not be in the store yet.
     */
    static List<Path> buildFiles(BulkSession session, long from, long to) {
        TermCodec codec = session.dictionary().codec();
        Map<Node, Long> ids = new LinkedHashMap<>();
        Map<Node, byte[]> newTerms = new LinkedHashMap<>();
        List<Node[]> all = new ArrayList<>();
        for (long i = from; i < to; i++) {
            for (Node[] q : quads(i)) {
                all.add(q);
                for (Node n : q) {
                    if (n == null || ids.containsKey(n) || newTerms.containsKey(n)) {
                        continue;
                    }
                    long inline = TermCodec.inlineId(n);
                    byte[] bytes = inline == TermId.NONE ? codec.encode(n, true) : null;
                    long committed = bytes == null ? inline : session.committedId(bytes);
                    if (committed != TermId.NONE) {
                        ids.put(n, committed);
                    } else {
                        newTerms.put(n, bytes);
                    }
                }
            }
        }
        long next = newTerms.isEmpty() ? 0 : session.reserveIds(newTerms.size());
        TreeMap<byte[], byte[]> id2term = new TreeMap<>(Arrays::compareUnsigned);
        TreeMap<byte[], byte[]> term2id = new TreeMap<>(Arrays::compareUnsigned);
        for (Map.Entry<Node, byte[]> e : newTerms.entrySet()) {
            long id = next++;
            ids.put(e.getKey(), id);
            id2term.put(KeyLayout.id2termKey(id), e.getValue());
            term2id.put(KeyLayout.term2idKey(e.getValue()), KeyLayout.longBytes(id));
        }
        session.countTerms(newTerms.size());

        List<Path> files = new ArrayList<>();
        files.add(write(session, "id2term", id2term));
        files.add(write(session, "term2id", term2id));
        for (Permutation perm : Permutation.values()) {
            TreeMap<byte[], byte[]> keys = new TreeMap<>(Arrays::compareUnsigned);
            for (Node[] q : all) {
                long g = q[0] == null ? TermId.DEFAULT_GRAPH : ids.get(q[0]);
                long[] quad = {ids.get(q[1]), ids.get(q[2]), ids.get(q[3]), g};
                if (!perm.holds(g)) {
                    continue;
                }
                keys.put(KeyLayout.quadKey(perm, quad), new byte[0]);
                if (perm == Permutation.SPOG) {
                    session.countQuads(g, quad[1], 1);
                }
            }
            files.add(write(session, perm.name().toLowerCase(java.util.Locale.ROOT), keys));
        }
        files.removeIf(java.util.Objects::isNull);
        return files;
    }

    private static Path write(BulkSession session, String label, TreeMap<byte[], byte[]> entries) {
        try (SstFileBuilder f = session.newFile(label)) {
            entries.forEach(f::add);
            return f.finish();
        }
    }
}
