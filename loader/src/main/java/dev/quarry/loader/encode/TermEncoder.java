package dev.quarry.loader.encode;

import dev.quarry.store.encoding.InlineDateTime;
import dev.quarry.store.encoding.InlineDecimal;
import dev.quarry.store.encoding.PrefixResolver;
import dev.quarry.store.encoding.TermCodec;
import dev.quarry.store.encoding.TermId;
import dev.quarry.store.encoding.TermLayout;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;

/**
 * One worker's view of the load dictionary: builds the dictionary bytes of a term
 * straight from parser bytes (through {@link TermLayout}, the layout the store reads), decides inline ids,
 * and keeps a direct-mapped cache of hot terms and namespaces so that predicates,
 * classes and graphs rarely reach the shared shards. Not thread-safe: one per worker.
 */
public final class TermEncoder {
    private static final int CACHE_BITS = 14;
    /**
     * 16 K namespaces, not 4 K: 100 M generated quads name tens of thousands (one a producer,
     * vendor or rating site); namespace lookups took 16.9 CPU-s of that load with 4 K, 14.2 with 16 K.
     */
    private static final int NS_CACHE_BITS = 14;
    private static final int IRI_CACHE_BITS = 14;
    private static final byte[] XSD = "http://www.w3.org/2001/XMLSchema#".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] STRING_LOCAL = "string".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] INTEGER_LOCAL = "integer".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] BOOLEAN_LOCAL = "boolean".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DECIMAL_LOCAL = "decimal".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DATETIME_LOCAL = "dateTime".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DATE_LOCAL = "date".getBytes(StandardCharsets.US_ASCII);

    private static final byte[] NO_BYTES = new byte[0];

    private final TermIds dictionary;
    private final PrefixResolver prefixes;
    private final TermCodec codec;
    private final byte[] blankScope;
    private byte[] term = new byte[256];

    private final long[] cacheHash = new long[1 << CACHE_BITS];
    private final long[] cacheId = new long[1 << CACHE_BITS];
    private final byte[][] cacheKey = new byte[1 << CACHE_BITS][];
    private final byte[][] nsKey = new byte[1 << NS_CACHE_BITS][];
    private final int[] nsId = new int[1 << NS_CACHE_BITS];
    private final long[] iriHash = new long[1 << IRI_CACHE_BITS];
    private final long[] iriId = new long[1 << IRI_CACHE_BITS];
    private final byte[][] iriKey = new byte[1 << IRI_CACHE_BITS][];
    private int blankFeed = -1;
    private byte[] blankPrefix;

    /**
     * @param blankScope identifies this load (random per load): with the feed number it
     *                   scopes blank node labels, so {@code _:b1} of two files or two loads differ
     */
    public TermEncoder(TermIds dictionary, PrefixResolver prefixes, String blankScope) {
        this.dictionary = dictionary;
        this.prefixes = prefixes;
        this.codec = new TermCodec(prefixes);
        this.blankScope = blankScope.getBytes(StandardCharsets.US_ASCII);
    }

    // ------------------------------------------------------------------ from bytes

    /** An IRI given as its (unescaped) UTF-8 bytes. */
    public long iri(byte[] b, int off, int len) {
        return iri(b, off, len, ByteHash.hash(b, off, len));
    }

    /** As {@link #iri(byte[], int, int)}, with the bytes' {@link ByteHash#hash} given. */
    public long iri(byte[] b, int off, int len, long h) {
        // Predicates, classes, graphs and repeated subjects hit this cache on the raw bytes,
        // skipping the namespace split, the prefix lookup and the second hash.
        int slot = iriSlot(h);
        if (cachedAt(slot, b, off, len, h)) {
            return iriId[slot];
        }
        long id = encodeIri(b, off, len);
        iriKey[slot] = Arrays.copyOfRange(b, off, off + len);
        iriHash[slot] = h;
        iriId[slot] = id;
        return id;
    }

    /**
     * Whether this encoder encoded the IRI with these bytes lately (it is in the cache above):
     * then it passed its parser's checks, and a parser that reads it again need not check it.
     */
    public boolean recentIri(byte[] b, int off, int len, long h) {
        return cachedAt(iriSlot(h), b, off, len, h);
    }

    private static int iriSlot(long h) {
        return (int) (h ^ (h >>> 29)) & ((1 << IRI_CACHE_BITS) - 1);
    }

    /** Whether the IRI cache's {@code slot} holds these bytes. */
    private boolean cachedAt(int slot, byte[] b, int off, int len, long h) {
        byte[] k = iriKey[slot];
        return k != null && iriHash[slot] == h && Arrays.equals(k, 0, k.length, b, off, off + len);
    }

    private long encodeIri(byte[] b, int off, int len) {
        int split = TermLayout.splitPoint(b, off, len);
        int pid = prefixId(b, off, split - off);
        int local = off + len - split;
        return lookup(TermLayout.iri(room(TermLayout.iriSize(local)), pid, b, split, local));
    }

    /** A blank node label as written in feed number {@code feed}. */
    public long blank(int feed, byte[] b, int off, int len) {
        if (feed != blankFeed) {
            blankFeed = feed;
            blankPrefix = ("b" + new String(blankScope, StandardCharsets.US_ASCII) + "f" + feed + "_")
                    .getBytes(StandardCharsets.US_ASCII);
        }
        return lookup(TermLayout.blank(room(TermLayout.blankSize(blankPrefix.length, len)), blankPrefix, b, off, len));
    }

    /** A blank node whose label is already unique (as {@link #node} keeps RIOT's per-document labels). */
    public long blankAsAllocated(byte[] b, int off, int len) {
        return lookup(TermLayout.blank(room(TermLayout.blankSize(0, len)), NO_BYTES, b, off, len));
    }

    /**
     * An xsd:string literal. {@code surrogates}: the lexical form has characters outside the
     * BMP (they are never inlined, as {@link TermCodec#inlineId} decides).
     */
    public long string(byte[] b, int off, int len, boolean surrogates) {
        if (len <= TermId.SHORT_STRING_MAX && !surrogates) {
            return TermId.inlineShortString(Arrays.copyOfRange(b, off, off + len));
        }
        return lookup(TermLayout.string(room(TermLayout.stringSize(len)), b, off, len));
    }

    /** A language-tagged literal; {@code lang} is already in Jena's canonical case. */
    public long lang(byte[] b, int off, int len, byte[] lang) {
        return lookup(TermLayout.lang(room(TermLayout.langSize(lang.length, len)), lang, b, off, len));
    }

    /** A typed literal: datatype IRI bytes, then the lexical form. */
    public long typed(byte[] dt, int dtOff, int dtLen, byte[] b, int off, int len, boolean surrogates) {
        if (dtLen > XSD.length && Arrays.equals(dt, dtOff, dtOff + XSD.length, XSD, 0, XSD.length)) {
            int lo = dtOff + XSD.length, hi = dtOff + dtLen;
            if (Arrays.equals(dt, lo, hi, STRING_LOCAL, 0, STRING_LOCAL.length)) {
                return string(b, off, len, surrogates);
            }
            long inline = TermId.NONE;
            if (Arrays.equals(dt, lo, hi, INTEGER_LOCAL, 0, INTEGER_LOCAL.length)) {
                inline = TermCodec.inlineInteger(b, off, len);
            } else if (Arrays.equals(dt, lo, hi, DATETIME_LOCAL, 0, DATETIME_LOCAL.length)) {
                inline = InlineDateTime.dateTime(b, off, len);
            } else if (Arrays.equals(dt, lo, hi, DATE_LOCAL, 0, DATE_LOCAL.length)) {
                inline = InlineDateTime.date(b, off, len);
            } else if (Arrays.equals(dt, lo, hi, DECIMAL_LOCAL, 0, DECIMAL_LOCAL.length)) {
                inline = InlineDecimal.decimal(b, off, len);
            } else if (Arrays.equals(dt, lo, hi, BOOLEAN_LOCAL, 0, BOOLEAN_LOCAL.length)) {
                inline = TermCodec.inlineBoolean(b, off, len);
            }
            if (inline != TermId.NONE) {
                return inline;
            }
        }
        int split = TermLayout.splitPoint(dt, dtOff, dtLen);
        int pid = prefixId(dt, dtOff, split - dtOff);
        int local = dtOff + dtLen - split;
        return lookup(TermLayout.typed(room(TermLayout.typedSize(local, len)), pid, dt, split, local, b, off, len));
    }

    // ------------------------------------------------------------------ from Jena nodes

    /**
     * A term parsed by RIOT. With {@code feed >= 0}, blank node labels are as written in
     * that feed and get scoped here; with {@code feed < 0} they are already unique (RIOT's
     * per-document allocation) and are kept.
     */
    public long node(Node node, int feed) {
        long inline = TermCodec.inlineId(node);
        if (inline != TermId.NONE) {
            return inline;
        }
        if (node.isBlank() && feed >= 0) {
            byte[] label = node.getBlankNodeLabel().getBytes(StandardCharsets.UTF_8);
            return blank(feed, label, 0, label.length);
        }
        if (node.isBlank() || node.isTripleTerm()) {
            node = feed >= 0 ? scopeBlanks(node, feed) : node;
        }
        byte[] bytes = codec.encode(node, true);
        byte[] t = room(bytes.length);
        System.arraycopy(bytes, 0, t, 0, bytes.length);
        return lookup(bytes.length);
    }

    private Node scopeBlanks(Node node, int feed) {
        if (node.isBlank()) {
            return NodeFactory.createBlankNode("b" + new String(blankScope, StandardCharsets.US_ASCII) + "f" + feed + "_"
                    + node.getBlankNodeLabel());
        }
        if (node.isTripleTerm()) {
            var t = node.getTriple();
            return NodeFactory.createTripleTerm(scopeBlanks(t.getSubject(), feed), t.getPredicate(),
                    scopeBlanks(t.getObject(), feed));
        }
        return node;
    }

    // ------------------------------------------------------------------ caches

    private byte[] room(int n) {
        if (term.length < n) {
            term = new byte[Math.max(n, term.length * 2)];
        }
        return term;
    }

    private long lookup(int n) {
        long h = ByteHash.hash(term, 0, n);
        int slot = (int) (h ^ (h >>> 29)) & ((1 << CACHE_BITS) - 1);
        byte[] k = cacheKey[slot];
        if (k != null && cacheHash[slot] == h && Arrays.equals(k, 0, k.length, term, 0, n)) {
            return cacheId[slot];
        }
        long id = dictionary.idOf(term, 0, n, h);
        cacheKey[slot] = Arrays.copyOf(term, n);
        cacheHash[slot] = h;
        cacheId[slot] = id;
        return id;
    }

    private int prefixId(byte[] b, int off, int len) {
        long h = ByteHash.hash(b, off, len);
        int slot = (int) h & ((1 << NS_CACHE_BITS) - 1);
        byte[] k = nsKey[slot];
        if (k != null && Arrays.equals(k, 0, k.length, b, off, off + len)) {
            return nsId[slot];
        }
        int pid = prefixes.prefixId(new String(b, off, len, StandardCharsets.UTF_8), true);
        nsKey[slot] = Arrays.copyOfRange(b, off, off + len);
        nsId[slot] = pid;
        return pid;
    }
}
