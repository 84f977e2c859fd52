package dev.quarry.loader.parse;

import dev.quarry.loader.encode.TermEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.jena.datatypes.TypeMapper;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;

/**
 * The statements of one chunk read by {@link TurtleBytesParser}, held as bytes until the chunk
 * is settled ({@link TurtleChunkOrder}): each term once (a subject is shared by its
 * predicate-object list), expanded and unescaped, then the statements as offsets of their
 * terms. Nothing is encoded to ids before the chunk is known to be taken (a chunk later re-read
 * on one thread would leave ids nobody uses), and nothing becomes a {@code Node} on the
 * loader's path ({@link #emit(TermEncoder, long, QuadSink)}).
 *
 * <p>A term is {@code kind, flags, int length, bytes}, then for a literal with a tag the tag's
 * index in {@link #tags}, for a typed literal the offset of its datatype's term (an IRI term:
 * a chunk holds each datatype once).
 */
final class TurtleTape {
    static final byte IRI = 1, BLANK = 2, STRING = 3, LANG = 4, TYPED = 5;
    /** Flag: the lexical form has characters outside the BMP (never inlined, see {@link TermEncoder#string}). */
    static final byte ASTRAL = 1;
    /** The graph of a triple (the default graph, or the load's --graph). */
    static final int NO_GRAPH = -1;
    private static final int ID_SLOTS = 512;

    private byte[] buf;
    private int size;
    private int[] statements;
    private int count;
    private final List<byte[]> tags = new ArrayList<>(2);

    /**
     * An empty tape. It grows as it fills (the BSBM Turtle takes 0.86 of its text: a subject,
     * predicate and datatype held once) rather than taking a chunk's worth at once: a chunk of
     * prefix declarations holds nothing, and is held until settled (SharedPrefixesMemoryTest).
     */
    TurtleTape() {
        buf = new byte[1 << 12];
        statements = new int[1 << 8];
    }

    /**
     * Empties the tape for another chunk, keeping its grown arrays: a full chunk's tape ends
     * near a megabyte, above G1's humongous size with the 2 MB regions of a 4 GB heap, and a
     * new one per chunk was a burst of humongous allocations that made G1 grow the heap.
     */
    void clear() {
        size = 0;
        count = 0;
        tags.clear();
    }

    /** Statements held. */
    int statements() {
        return count;
    }

    // ------------------------------------------------------------------ writing (the parser)

    byte[] buffer() {
        return buf;
    }

    int size() {
        return size;
    }

    /** Makes room for {@code n} more bytes; {@link #buffer()} may change. */
    void ensure(int n) {
        if (size + n > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(size + n, buf.length * 2));
        }
    }

    /** Starts a term of {@code kind}; returns where it starts. */
    int term(byte kind, byte flags) {
        ensure(2);
        buf[size] = kind;
        buf[size + 1] = flags;
        size += 2;
        return size - 2;
    }

    /** Starts a field (a length, then bytes); returns where its bytes start. */
    int field() {
        ensure(4);
        size += 4;
        return size;
    }

    /** Ends the field whose bytes started at {@code start}, at the end of what was written. */
    void endField(int start) {
        int n = size - start;
        buf[start - 4] = (byte) (n >>> 24);
        buf[start - 3] = (byte) (n >>> 16);
        buf[start - 2] = (byte) (n >>> 8);
        buf[start - 1] = (byte) n;
    }

    void put(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, size, len);
        size += len;
    }

    /** Advances past {@code n} bytes written straight into {@link #buffer()}. */
    void advance(int n) {
        size += n;
    }

    /** A language tag (of the literal just written): its index. */
    void tag(byte[] tag) {
        int i = tags.size() - 1;
        while (i >= 0 && tags.get(i) != tag) {
            i--;
        }
        if (i < 0) {
            tags.add(tag);
            i = tags.size() - 1;
        }
        writeInt(reference(), i);
    }

    /** Room for a reference to another term (a typed literal's datatype), set by {@link #setReference}. */
    int reference() {
        ensure(4);
        size += 4;
        return size - 4;
    }

    void setReference(int at, int term) {
        writeInt(at, term);
    }

    /** Where the bytes of the term at {@code t} start. */
    static int bytesOf(int t) {
        return t + 6;
    }

    /** How many bytes the term at {@code t} of the tape {@code buf} has. */
    static int lengthOf(byte[] buf, int t) {
        return intAt(buf, t + 2);
    }

    /** A statement of the terms at {@code s, p, o}, in the graph {@code g} (or {@link #NO_GRAPH}). */
    void statement(int s, int p, int o, int g) {
        if (count * 4 + 4 > statements.length) {
            statements = Arrays.copyOf(statements, statements.length * 2);
        }
        int x = count * 4;
        statements[x] = s;
        statements[x + 1] = p;
        statements[x + 2] = o;
        statements[x + 3] = g;
        count++;
    }

    private void writeInt(int at, int v) {
        buf[at] = (byte) (v >>> 24);
        buf[at + 1] = (byte) (v >>> 16);
        buf[at + 2] = (byte) (v >>> 8);
        buf[at + 3] = (byte) v;
    }

    private int readInt(int at) {
        return intAt(buf, at);
    }

    private static int intAt(byte[] buf, int at) {
        return (buf[at] & 0xFF) << 24 | (buf[at + 1] & 0xFF) << 16 | (buf[at + 2] & 0xFF) << 8 | (buf[at + 3] & 0xFF);
    }

    // ------------------------------------------------------------------ reading (once settled)

    /** Encodes the statements and sends them to {@code sink}, triples into {@code tripleGraph}. */
    void emit(TermEncoder enc, long tripleGraph, QuadSink sink) {
        // A term held once (a subject, a predicate) is encoded once: ids by term, direct-mapped.
        long[] ids = new long[ID_SLOTS];
        int[] idTerms = new int[ID_SLOTS];
        Arrays.fill(idTerms, -1);
        for (int x = 0; x < count * 4; x += 4) {
            long g = statements[x + 3] == NO_GRAPH ? tripleGraph : id(enc, statements[x + 3], ids, idTerms);
            sink.quad(id(enc, statements[x], ids, idTerms), id(enc, statements[x + 1], ids, idTerms),
                    id(enc, statements[x + 2], ids, idTerms), g);
        }
    }

    private long id(TermEncoder enc, int t, long[] ids, int[] idTerms) {
        int slot = (t ^ (t >>> 9)) & (ID_SLOTS - 1);
        if (idTerms[slot] == t) {
            return ids[slot];
        }
        long id = id(enc, t);
        idTerms[slot] = t;
        ids[slot] = id;
        return id;
    }

    private long id(TermEncoder enc, int t) {
        int flags = buf[t + 1];
        int off = t + 6, len = readInt(t + 2);
        switch (buf[t]) {
            case IRI:
                return enc.iri(buf, off, len);
            case BLANK:
                return enc.blankAsAllocated(buf, off, len);
            case STRING:
                return enc.string(buf, off, len, (flags & ASTRAL) != 0);
            case LANG:
                return enc.lang(buf, off, len, tags.get(readInt(off + len)));
            default:
                int dt = readInt(off + len);
                return enc.typed(buf, dt + 6, readInt(dt + 2), buf, off, len, (flags & ASTRAL) != 0);
        }
    }

    /** Sends the statements on as Jena nodes (tests, and callers that are not the loader). */
    void emit(TurtleChunkParser.Statements out) {
        int lastS = -1;
        Node subject = null;
        for (int x = 0; x < count * 4; x += 4) {
            int s = statements[x];
            if (s != lastS) {
                subject = node(s);
                lastS = s;
            }
            out.accept(subject, node(statements[x + 1]), node(statements[x + 2]),
                    statements[x + 3] == NO_GRAPH ? null : node(statements[x + 3]));
        }
    }

    private Node node(int t) {
        int off = t + 6, len = readInt(t + 2);
        String text = new String(buf, off, len, StandardCharsets.UTF_8);
        return switch (buf[t]) {
            case IRI -> NodeFactory.createURI(text);
            case BLANK -> NodeFactory.createBlankNode(text);
            case STRING -> NodeFactory.createLiteralString(text);
            case LANG -> NodeFactory.createLiteralLang(text, new String(tags.get(readInt(off + len)), StandardCharsets.UTF_8));
            default -> NodeFactory.createLiteralDT(text, TypeMapper.getInstance().getSafeTypeByName(
                    new String(buf, readInt(off + len) + 6, readInt(readInt(off + len) + 2), StandardCharsets.UTF_8)));
        };
    }
}
