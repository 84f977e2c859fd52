package dev.quarry.store;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.quarry.store.dict.PrefixDictionary;
import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.TermCodec;
import dev.quarry.store.encoding.TermLayout;
import dev.quarry.store.rocks.KvBatch;
import dev.quarry.store.rocks.RocksKv;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;

/**
 * Makes a closed store of this build a format-3 store, as format 3 wrote it: the dictionary
 * entries of the given terms (each holding an IRI that ends in '/', '#' or ':') rewritten with
 * format 3's bytes, where such an IRI was its own namespace with an empty local name; then the
 * format-3 marker. For the tests of {@code quarry upgrade}.
 */
public final class FormatThreeTerms {
    private FormatThreeTerms() {}

    public static void rewrite(Path store, List<Node> terms) throws Exception {
        try (RocksKv kv = RocksKv.open(store.resolve("db"), 1 << 20, true)) {
            PrefixDictionary prefixes = new PrefixDictionary(kv);
            TermCodec codec = new TermCodec(prefixes);
            try (KvBatch batch = kv.newBatch()) {
                for (Node n : terms) {
                    byte[] now = codec.encode(n, false);
                    byte[] id = kv.get(KeyLayout.term2idKey(now));
                    assertNotNull(id, n.toString());
                    byte[] old = bytes(prefixes, codec, n);
                    assertFalse(Arrays.equals(now, old), () -> "format 3 wrote the same bytes for " + n);
                    batch.delete(KeyLayout.term2idKey(now));
                    batch.put(KeyLayout.term2idKey(old), id);
                    batch.put(KeyLayout.id2termKey(KeyLayout.getLong(id, 0)), old);
                }
                prefixes.writeUnwritten();
                kv.write(batch);
            }
        }
        Files.writeString(store.resolve("quarry.store"), "quarry-store-format=3\n");
    }

    /** The term's bytes in format 3: an IRI (or datatype) ending in a delimiter is all namespace. */
    private static byte[] bytes(PrefixDictionary prefixes, TermCodec codec, Node n) {
        if (n.isURI()) {
            int pid = prefixes.prefixId(n.getURI(), true);
            byte[] b = new byte[TermLayout.iriSize(0)];
            TermLayout.iri(b, pid, new byte[0], 0, 0);
            return b;
        }
        if (n.isLiteral()) {
            int pid = prefixes.prefixId(n.getLiteralDatatypeURI(), true);
            byte[] lex = n.getLiteralLexicalForm().getBytes(StandardCharsets.UTF_8);
            byte[] b = new byte[TermLayout.typedSize(0, lex.length)];
            TermLayout.typed(b, pid, new byte[0], 0, 0, lex, 0, lex.length);
            return b;
        }
        Triple t = n.getTriple();
        byte[] s = codec.encode(t.getSubject(), false);
        byte[] p = codec.encode(t.getPredicate(), false);
        byte[] o = bytes(prefixes, codec, t.getObject());
        byte[] b = new byte[TermLayout.tripleSize(s, p, o)];
        TermLayout.triple(b, s, p, o);
        return b;
    }
}
