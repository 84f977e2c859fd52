package dev.quarry.store.encoding;

import java.nio.charset.StandardCharsets;
import org.apache.jena.datatypes.RDFDatatype;
import org.apache.jena.datatypes.TypeMapper;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.TextDirection;
import org.apache.jena.graph.Triple;

/**
 * What a term becomes: either an inline id ({@link TermId}) or the term bytes kept in the
 * dictionary, laid out as {@link TermLayout} says (the one definition, which the loader's
 * byte-level encoder writes too).
 */
public final class TermCodec {
    private static final byte[] NO_BYTES = new byte[0];

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
            return byLatin1(lex, TermCodec::inlineBoolean);
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

    /** The same rule on bytes for xsd:boolean: only the canonical "true" and "false" are inlined. */
    public static long inlineBoolean(byte[] b, int off, int n) {
        if (n == 4 && b[off] == 't' && b[off + 1] == 'r' && b[off + 2] == 'u' && b[off + 3] == 'e') {
            return TermId.inlineBoolean(true);
        }
        if (n == 5 && b[off] == 'f' && b[off + 1] == 'a' && b[off + 2] == 'l' && b[off + 3] == 's' && b[off + 4] == 'e') {
            return TermId.inlineBoolean(false);
        }
        return TermId.NONE;
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
     * The dictionary bytes of a term that is not inlined, in {@link TermLayout}.
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
            int split = TermLayout.splitPoint(iri);
            int pid = prefixes.prefixId(iri.substring(0, split), createPrefixes);
            if (pid < 0) {
                return null;
            }
            byte[] local = utf8(iri.substring(split));
            byte[] b = new byte[TermLayout.iriSize(local.length)];
            TermLayout.iri(b, pid, local, 0, local.length);
            return b;
        }
        if (node.isBlank()) {
            byte[] label = utf8(node.getBlankNodeLabel());
            byte[] b = new byte[TermLayout.blankSize(0, label.length)];
            TermLayout.blank(b, NO_BYTES, label, 0, label.length);
            return b;
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
            byte[] b = new byte[TermLayout.tripleSize(s, p, o)];
            TermLayout.triple(b, s, p, o);
            return b;
        }
        throw new IllegalArgumentException("cannot store a term of this kind: " + node);
    }

    private byte[] encodeLiteral(Node node, boolean createPrefixes) {
        byte[] lex = utf8(node.getLiteralLexicalForm());
        String lang = node.getLiteralLanguage();
        if (lang != null && !lang.isEmpty()) {
            byte[] l = utf8(lang);
            if (l.length > TermLayout.MAX_LANG) {
                throw new IllegalArgumentException("language tag longer than 255 bytes: " + lang);
            }
            TextDirection dir = node.getLiteralBaseDirection();
            if (dir != null) {
                byte[] b = new byte[TermLayout.dirLangSize(l.length, lex.length)];
                TermLayout.dirLang(b, dir == TextDirection.RTL, l, lex, 0, lex.length);
                return b;
            }
            byte[] b = new byte[TermLayout.langSize(l.length, lex.length)];
            TermLayout.lang(b, l, lex, 0, lex.length);
            return b;
        }
        String dt = node.getLiteralDatatypeURI();
        if (dt == null || XSD_STRING.equals(dt)) {
            byte[] b = new byte[TermLayout.stringSize(lex.length)];
            TermLayout.string(b, lex, 0, lex.length);
            return b;
        }
        int split = TermLayout.splitPoint(dt);
        int pid = prefixes.prefixId(dt.substring(0, split), createPrefixes);
        if (pid < 0) {
            return null;
        }
        byte[] local = utf8(dt.substring(split));
        if (local.length > TermLayout.MAX_DATATYPE_LOCAL) {
            throw new IllegalArgumentException("datatype IRI too long: " + dt);
        }
        byte[] b = new byte[TermLayout.typedSize(local.length, lex.length)];
        TermLayout.typed(b, pid, local, 0, local.length, lex, 0, lex.length);
        return b;
    }

    /** Decodes dictionary term bytes. */
    public Node decode(byte[] b) {
        return decode(b, 0, b.length);
    }

    private Node decode(byte[] b, int off, int len) {
        int end = off + len;
        switch (TermLayout.tag(b, off)) {
            case TermLayout.IRI -> {
                String ns = prefixes.namespace(TermLayout.prefixId(b, off));
                return NodeFactory.createURI(ns + utf8(b, TermLayout.iriLocal(off), end));
            }
            case TermLayout.BLANK -> {
                return NodeFactory.createBlankNode(utf8(b, TermLayout.afterTag(off), end));
            }
            case TermLayout.STRING -> {
                return NodeFactory.createLiteralString(utf8(b, TermLayout.afterTag(off), end));
            }
            case TermLayout.LANG, TermLayout.DIR_LANG -> {
                int from = TermLayout.langStart(b, off);
                int to = from + TermLayout.langLength(b, off);
                String lang = utf8(b, from, to);
                String lex = utf8(b, to, end);
                if (TermLayout.tag(b, off) == TermLayout.LANG) {
                    return NodeFactory.createLiteralLang(lex, lang);
                }
                return NodeFactory.createLiteralDirLang(lex, lang, TermLayout.rtl(b, off) ? TextDirection.RTL : TextDirection.LTR);
            }
            case TermLayout.TYPED -> {
                String ns = prefixes.namespace(TermLayout.prefixId(b, off));
                int from = TermLayout.typedLocal(off);
                int to = from + TermLayout.typedLocalLength(b, off);
                RDFDatatype type = TypeMapper.getInstance().getSafeTypeByName(ns + utf8(b, from, to));
                return NodeFactory.createLiteralDT(utf8(b, to, end), type);
            }
            case TermLayout.TRIPLE -> {
                Node[] parts = new Node[3];
                for (int i = 0; i < 3; i++) {
                    int at = TermLayout.tripleComponent(b, off, i);
                    parts[i] = decode(b, at, TermLayout.tripleComponentLength(b, at));
                }
                return NodeFactory.createTripleTerm(parts[0], parts[1], parts[2]);
            }
            default -> throw new IllegalArgumentException("unknown term kind byte 0x" + Integer.toHexString(b[off] & 0xFF));
        }
    }

    private static String utf8(byte[] b, int from, int to) {
        return new String(b, from, to - from, StandardCharsets.UTF_8);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
