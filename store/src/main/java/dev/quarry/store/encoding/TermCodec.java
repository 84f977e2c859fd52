package dev.quarry.store.encoding;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.jena.datatypes.RDFDatatype;
import org.apache.jena.datatypes.TypeMapper;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.TextDirection;
import org.apache.jena.graph.Triple;

/**
 * What a term becomes: either an inline id ({@link TermId}) or the term bytes kept
 * in the dictionary. Term bytes are both the TERM2ID key suffix and the ID2TERM
 * value, so one encoding serves both directions.
 *
 * <pre>
 * 0x01 IRI        prefixId(4) local(UTF-8)
 * 0x02 blank      label(UTF-8)
 * 0x03 string     lexical(UTF-8)                               xsd:string
 * 0x04 lang       langLen(1) lang lexical                      rdf:langString
 * 0x05 dir-lang   dir('l'|'r') langLen(1) lang lexical         rdf:dirLangString
 * 0x06 typed      dtPrefixId(4) dtLocalLen(2) dtLocal lexical  any other datatype
 * 0x07 triple     len(4) s-bytes len(4) p-bytes len(4) o-bytes  RDF 1.2 triple term
 * </pre>
 *
 * The lexical form is last in every literal, so a NUL inside it is harmless.
 */
public final class TermCodec {
    public static final byte IRI = 0x01;
    public static final byte BLANK = 0x02;
    public static final byte STRING = 0x03;
    public static final byte LANG = 0x04;
    public static final byte DIR_LANG = 0x05;
    public static final byte TYPED = 0x06;
    public static final byte TRIPLE = 0x07;

    private static final String XSD_STRING = XSDDatatype.XSDstring.getURI();
    private static final String XSD_INTEGER = XSDDatatype.XSDinteger.getURI();
    private static final String XSD_BOOLEAN = XSDDatatype.XSDboolean.getURI();
    private static final String XSD_DECIMAL = XSDDatatype.XSDdecimal.getURI();
    private static final String XSD_DATETIME = XSDDatatype.XSDdateTime.getURI();
    private static final String XSD_DATE = XSDDatatype.XSDdate.getURI();

    private final PrefixResolver prefixes;

    public TermCodec(PrefixResolver prefixes) {
        this.prefixes = prefixes;
    }

    // ---------------------------------------------------------------- inline ids

    /** The inline id of {@code node}, or {@link TermId#NONE} if it must go to the dictionary. */
    public static long inlineId(Node node) {
        if (!node.isLiteral()) {
            return TermId.NONE;
        }
        String lang = node.getLiteralLanguage();
        if (lang != null && !lang.isEmpty()) {
            return TermId.NONE;
        }
        String dt = node.getLiteralDatatypeURI();
        String lex = node.getLiteralLexicalForm();
        if (XSD_INTEGER.equals(dt)) {
            return inlineInteger(lex);
        }
        if (XSD_BOOLEAN.equals(dt)) {
            return switch (lex) {
                case "true" -> TermId.inlineBoolean(true);
                case "false" -> TermId.inlineBoolean(false);
                default -> TermId.NONE;
            };
        }
        if (XSD_DATETIME.equals(dt)) {
            return byLatin1(lex, InlineDateTime::dateTime);
        }
        if (XSD_DATE.equals(dt)) {
            return byLatin1(lex, InlineDateTime::date);
        }
        if (XSD_DECIMAL.equals(dt)) {
            return byLatin1(lex, InlineDecimal::decimal);
        }
        if (XSD_STRING.equals(dt) && lex.length() <= TermId.SHORT_STRING_MAX) {
            byte[] utf8 = lex.getBytes(StandardCharsets.UTF_8);
            if (utf8.length <= TermId.SHORT_STRING_MAX && isWellFormedUtf16(lex)) {
                return TermId.inlineShortString(utf8);
            }
        }
        return TermId.NONE;
    }

    /** Canonical xsd:integer: optional '-', no leading zeros, no '+', not "-0", fits 56 bits. */
    static long inlineInteger(String lex) {
        return byLatin1(lex, TermCodec::inlineInteger);
    }

    /** A byte-level inline rule: the inline id of a lexical form, or {@link TermId#NONE}. */
    @FunctionalInterface
    private interface ByteRule {
        long id(byte[] b, int off, int n);
    }

    /**
     * Applies a byte-level rule to a String, one byte per char: a character outside Latin-1
     * becomes '?' and a Latin-1 letter is a byte of 0x80 or more, neither of which any rule
     * accepts, so the answer is the one the loader gets from the UTF-8 bytes. No rule
     * accepts more than 64 bytes, so longer forms are not converted at all.
     */
    private static long byLatin1(String lex, ByteRule rule) {
        return lex.length() > 64 ? TermId.NONE : rule.id(lex.getBytes(StandardCharsets.ISO_8859_1), 0, lex.length());
    }

    /**
     * The same rule on the lexical form's bytes (the loader's N-Quads parser has no String
     * per literal): the inline id of a canonical xsd:integer that fits, else {@link TermId#NONE}.
     */
    public static long inlineInteger(byte[] b, int off, int n) {
        if (n == 0 || n > 18) {
            return TermId.NONE;
        }
        int i = b[off] == '-' ? 1 : 0;
        if (i == n || (b[off + i] == '0' && (n - i > 1 || i == 1))) {
            return TermId.NONE; // no digits, a leading zero, or "-0"
        }
        long v = 0;
        for (int j = i; j < n; j++) {
            int c = b[off + j];
            if (c < '0' || c > '9') {
                return TermId.NONE;
            }
            v = v * 10 + (c - '0');
        }
        if (i == 1) {
            v = -v;
        }
        return TermId.fitsInlineInteger(v) ? TermId.inlineInteger(v) : TermId.NONE;
    }

    private static boolean hasUnpairedSurrogate(Node node) {
        if (node.isURI()) {
            return hasUnpairedSurrogate(node.getURI());
        }
        if (node.isBlank()) {
            return hasUnpairedSurrogate(node.getBlankNodeLabel());
        }
        if (node.isLiteral()) {
            return hasUnpairedSurrogate(node.getLiteralLexicalForm()) || hasUnpairedSurrogate(node.getLiteralLanguage())
                    || hasUnpairedSurrogate(node.getLiteralDatatypeURI());
        }
        if (node.isTripleTerm()) {
            Triple t = node.getTriple();
            return hasUnpairedSurrogate(t.getSubject()) || hasUnpairedSurrogate(t.getPredicate())
                    || hasUnpairedSurrogate(t.getObject());
        }
        return false;
    }

    private static boolean hasUnpairedSurrogate(String s) {
        if (s == null) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isWellFormedUtf16(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isSurrogate(s.charAt(i))) {
                return false; // keep surrogates (paired or not) out of the inline path
            }
        }
        return true;
    }

    /** Decodes an inline id. */
    public static Node decodeInline(long id) {
        int kind = TermId.kind(id);
        if (kind == TermId.KIND_INTEGER) {
            return NodeFactory.createLiteralDT(Long.toString(TermId.integerValue(id)), XSDDatatype.XSDinteger);
        }
        if (kind == TermId.KIND_BOOLEAN) {
            return NodeFactory.createLiteralDT(TermId.booleanValue(id) ? "true" : "false", XSDDatatype.XSDboolean);
        }
        if (kind == TermId.KIND_DECIMAL) {
            return NodeFactory.createLiteralDT(InlineDecimal.print(id), XSDDatatype.XSDdecimal);
        }
        if (kind == TermId.KIND_DATETIME) {
            return NodeFactory.createLiteralDT(InlineDateTime.print(id), XSDDatatype.XSDdateTime);
        }
        if (kind == TermId.KIND_DATE) {
            return NodeFactory.createLiteralDT(InlineDateTime.print(id), XSDDatatype.XSDdate);
        }
        if (TermId.isShortString(id)) {
            return NodeFactory.createLiteralString(TermId.shortStringValue(id));
        }
        throw new IllegalArgumentException("not an inline id: " + TermId.toString(id));
    }

    // ---------------------------------------------------------------- term bytes

    /**
     * The dictionary bytes of a term that is not inlined.
     * With {@code createPrefixes} false, returns null when the term's namespace is unknown
     * (so the term cannot be in the store).
     */
    public byte[] encode(Node node, boolean createPrefixes) {
        if (hasUnpairedSurrogate(node)) {
            // UTF-8 cannot carry it (String.getBytes would write '?', a different term): such a term is never stored.
            if (!createPrefixes) {
                return null;
            }
            throw new IllegalArgumentException("cannot store a term with an unpaired UTF-16 surrogate (not Unicode text): "
                    + node.toString().codePoints().map(c -> c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE ? '?' : c)
                            .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append));
        }
        if (node.isURI()) {
            String iri = node.getURI();
            int split = splitPoint(iri);
            int pid = prefixes.prefixId(iri.substring(0, split), createPrefixes);
            if (pid < 0) {
                return null;
            }
            byte[] local = iri.substring(split).getBytes(StandardCharsets.UTF_8);
            byte[] b = new byte[5 + local.length];
            b[0] = IRI;
            KeyLayout.putInt(b, 1, pid);
            System.arraycopy(local, 0, b, 5, local.length);
            return b;
        }
        if (node.isBlank()) {
            return withTag(BLANK, node.getBlankNodeLabel().getBytes(StandardCharsets.UTF_8));
        }
        if (node.isLiteral()) {
            return encodeLiteral(node, createPrefixes);
        }
        if (node.isTripleTerm()) {
            Triple t = node.getTriple();
            // Components are written out in full, inline-able literals too: the triple term is one key.
            byte[] s = encode(t.getSubject(), createPrefixes);
            byte[] p = encode(t.getPredicate(), createPrefixes);
            byte[] o = encode(t.getObject(), createPrefixes);
            if (s == null || p == null || o == null) {
                return null;
            }
            byte[] b = new byte[1 + 12 + s.length + p.length + o.length];
            b[0] = TRIPLE;
            int off = 1;
            for (byte[] part : new byte[][] {s, p, o}) {
                KeyLayout.putInt(b, off, part.length);
                System.arraycopy(part, 0, b, off + 4, part.length);
                off += 4 + part.length;
            }
            return b;
        }
        throw new IllegalArgumentException("cannot store a term of this kind: " + node);
    }

    private byte[] encodeLiteral(Node node, boolean createPrefixes) {
        byte[] lex = node.getLiteralLexicalForm().getBytes(StandardCharsets.UTF_8);
        String lang = node.getLiteralLanguage();
        if (lang != null && !lang.isEmpty()) {
            byte[] l = lang.getBytes(StandardCharsets.UTF_8);
            if (l.length > 255) {
                throw new IllegalArgumentException("language tag longer than 255 bytes: " + lang);
            }
            TextDirection dir = node.getLiteralBaseDirection();
            ByteArrayOutputStream out = new ByteArrayOutputStream(lex.length + l.length + 3);
            if (dir != null) {
                out.write(DIR_LANG);
                out.write(dir == TextDirection.RTL ? 'r' : 'l');
            } else {
                out.write(LANG);
            }
            out.write(l.length);
            out.writeBytes(l);
            out.writeBytes(lex);
            return out.toByteArray();
        }
        String dt = node.getLiteralDatatypeURI();
        if (dt == null || XSD_STRING.equals(dt)) {
            return withTag(STRING, lex);
        }
        int split = splitPoint(dt);
        int pid = prefixes.prefixId(dt.substring(0, split), createPrefixes);
        if (pid < 0) {
            return null;
        }
        byte[] local = dt.substring(split).getBytes(StandardCharsets.UTF_8);
        if (local.length > 0xFFFF) {
            throw new IllegalArgumentException("datatype IRI too long: " + dt);
        }
        byte[] b = new byte[1 + 4 + 2 + local.length + lex.length];
        b[0] = TYPED;
        KeyLayout.putInt(b, 1, pid);
        b[5] = (byte) (local.length >>> 8);
        b[6] = (byte) local.length;
        System.arraycopy(local, 0, b, 7, local.length);
        System.arraycopy(lex, 0, b, 7 + local.length, lex.length);
        return b;
    }

    /** Decodes dictionary term bytes. */
    public Node decode(byte[] b) {
        return decode(b, 0, b.length);
    }

    private Node decode(byte[] b, int off, int len) {
        int end = off + len;
        switch (b[off]) {
            case IRI -> {
                String ns = prefixes.namespace(KeyLayout.getInt(b, off + 1));
                return NodeFactory.createURI(ns + utf8(b, off + 5, end));
            }
            case BLANK -> {
                return NodeFactory.createBlankNode(utf8(b, off + 1, end));
            }
            case STRING -> {
                return NodeFactory.createLiteralString(utf8(b, off + 1, end));
            }
            case LANG -> {
                int ll = b[off + 1] & 0xFF;
                String lang = utf8(b, off + 2, off + 2 + ll);
                return NodeFactory.createLiteralLang(utf8(b, off + 2 + ll, end), lang);
            }
            case DIR_LANG -> {
                TextDirection dir = b[off + 1] == 'r' ? TextDirection.RTL : TextDirection.LTR;
                int ll = b[off + 2] & 0xFF;
                String lang = utf8(b, off + 3, off + 3 + ll);
                return NodeFactory.createLiteralDirLang(utf8(b, off + 3 + ll, end), lang, dir);
            }
            case TYPED -> {
                String ns = prefixes.namespace(KeyLayout.getInt(b, off + 1));
                int dl = ((b[off + 5] & 0xFF) << 8) | (b[off + 6] & 0xFF);
                String dt = ns + utf8(b, off + 7, off + 7 + dl);
                RDFDatatype type = TypeMapper.getInstance().getSafeTypeByName(dt);
                return NodeFactory.createLiteralDT(utf8(b, off + 7 + dl, end), type);
            }
            case TRIPLE -> {
                Node[] parts = new Node[3];
                int p = off + 1;
                for (int i = 0; i < 3; i++) {
                    int l = KeyLayout.getInt(b, p);
                    parts[i] = decode(b, p + 4, l);
                    p += 4 + l;
                }
                return NodeFactory.createTripleTerm(parts[0], parts[1], parts[2]);
            }
            default -> throw new IllegalArgumentException("unknown term kind byte 0x" + Integer.toHexString(b[off] & 0xFF));
        }
    }

    private static String utf8(byte[] b, int from, int to) {
        return new String(b, from, to - from, StandardCharsets.UTF_8);
    }

    private static byte[] withTag(byte tag, byte[] rest) {
        byte[] b = Arrays.copyOf(new byte[] {tag}, rest.length + 1);
        System.arraycopy(rest, 0, b, 1, rest.length);
        return b;
    }

    /** Where an IRI splits into namespace and local name: after the last '#', '/' or ':'. */
    public static int splitPoint(String iri) {
        for (int i = iri.length() - 1; i >= 0; i--) {
            char c = iri.charAt(i);
            if (c == '#' || c == '/' || c == ':') {
                return i + 1;
            }
        }
        return 0;
    }
}
