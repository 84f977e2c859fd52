package dev.quarry.store;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.quarry.store.dict.PrefixDictionary;
import dev.quarry.store.encoding.KeyLayout;
import dev.quarry.store.encoding.TermCodec;
import dev.quarry.store.encoding.TermLayout;
import dev.quarry.store.rocks.KvBatch;
import dev.quarry.store.rocks.KvIterator;
import dev.quarry.store.rocks.RocksKv;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;

/**
 * Turns a closed store of this build into one of an older format, as that format wrote it, for
 * the tests of {@code quarry upgrade}: format 4 keyed TERM2ID by the term bytes themselves
 * ({@link TermKeyUpgrade#formatFourKey}); format 3 also gave an IRI ending in '/', '#' or ':' a
 * namespace of its own with an empty local name.
 */
public final class OlderFormats {
    private OlderFormats() {}

    /** Makes {@code store} a format-4 store: TERM2ID rewritten with format 4's keys, then the marker. */
    public static void formatFour(Path store) throws Exception {
        try (RocksKv kv = RocksKv.open(store.resolve("db"), 1 << 20, true);
             KvBatch batch = kv.newBatch();
             KvIterator it = kv.scan(new byte[] {KeyLayout.TAG_ID2TERM})) {
            while (it.next()) {
                byte[] term = it.value();
                byte[] id = KeyLayout.longBytes(KeyLayout.getLong(it.key(), 1));
                assertNotNull(kv.get(KeyLayout.term2idKey(term)), "a TERM2ID entry for id " + KeyLayout.getLong(it.key(), 1));
                batch.delete(KeyLayout.term2idKey(term));
                batch.put(TermKeyUpgrade.formatFourKey(term), id);
            }
            kv.write(batch);
        }
        Files.writeString(store.resolve("quarry.store"), "quarry-store-format=4\n");
    }

    /**
     * Makes {@code store} a format-3 store: format 4's TERM2ID keys, and the dictionary entries
     * of the given terms (each holding an IRI that ends in '/', '#' or ':') rewritten with
     * format 3's bytes; then the marker.
     */
    public static void formatThree(Path store, List<Node> terms) throws Exception {
        formatFour(store);
        try (RocksKv kv = RocksKv.open(store.resolve("db"), 1 << 20, true)) {
            PrefixDictionary prefixes = new PrefixDictionary(kv);
            TermCodec codec = new TermCodec(prefixes);
            try (KvBatch batch = kv.newBatch()) {
                for (Node n : terms) {
                    byte[] now = codec.encode(n, false);
                    byte[] id = kv.get(TermKeyUpgrade.formatFourKey(now));
                    assertNotNull(id, n.toString());
                    byte[] old = bytes(prefixes, codec, n);
                    assertFalse(Arrays.equals(now, old), () -> "format 3 wrote the same bytes for " + n);
                    batch.delete(TermKeyUpgrade.formatFourKey(now));
                    batch.put(TermKeyUpgrade.formatFourKey(old), id);
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
