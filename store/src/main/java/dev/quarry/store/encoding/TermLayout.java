package dev.quarry.store.encoding;

/**
 * Which bytes a dictionary term is on disk: the one definition of the term byte layout.
 * {@link TermCodec} writes it from Jena nodes and reads it back; the loader's encoder writes it
 * straight from parser bytes. Term bytes are both the TERM2ID key suffix and the ID2TERM value.
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
 * The lexical form is last in every literal, so a NUL inside it is harmless. Each writer puts
 * one term at the start of {@code dst} (which has room for its {@code ...Size}) and returns its
 * length; none allocates, so the loader can call them once per term.
 */
public final class TermLayout {
    public static final byte IRI = 0x01;
    public static final byte BLANK = 0x02;
    public static final byte STRING = 0x03;
    public static final byte LANG = 0x04;
    public static final byte DIR_LANG = 0x05;
    public static final byte TYPED = 0x06;
    public static final byte TRIPLE = 0x07;

    /** Longest language tag in bytes (its length is one byte). */
    public static final int MAX_LANG = 0xFF;
    /** Longest datatype local name in bytes (its length is two bytes). */
    public static final int MAX_DATATYPE_LOCAL = 0xFFFF;

    private static final int IRI_LOCAL = 5;
    private static final int TYPED_LOCAL = 7;

    private TermLayout() {}

    // ---------------------------------------------------------------- writers

    public static int iriSize(int localLen) {
        return IRI_LOCAL + localLen;
    }

    /** An IRI: the id of its namespace, then its local name {@code local[off, off+len)}. */
    public static int iri(byte[] dst, int prefixId, byte[] local, int off, int len) {
        dst[0] = IRI;
        KeyLayout.putInt(dst, 1, prefixId);
        System.arraycopy(local, off, dst, IRI_LOCAL, len);
        return IRI_LOCAL + len;
    }

    public static int blankSize(int scopeLen, int labelLen) {
        return 1 + scopeLen + labelLen;
    }

    /** A blank node whose label is {@code scope} followed by {@code label[off, off+len)}. */
    public static int blank(byte[] dst, byte[] scope, byte[] label, int off, int len) {
        dst[0] = BLANK;
        System.arraycopy(scope, 0, dst, 1, scope.length);
        System.arraycopy(label, off, dst, 1 + scope.length, len);
        return 1 + scope.length + len;
    }

    public static int stringSize(int lexLen) {
        return 1 + lexLen;
    }

    /** An xsd:string literal. */
    public static int string(byte[] dst, byte[] lex, int off, int len) {
        dst[0] = STRING;
        System.arraycopy(lex, off, dst, 1, len);
        return 1 + len;
    }

    public static int langSize(int langLen, int lexLen) {
        return 2 + langLen + lexLen;
    }

    /** A language-tagged literal; {@code lang} is at most {@link #MAX_LANG} bytes. */
    public static int lang(byte[] dst, byte[] lang, byte[] lex, int off, int len) {
        dst[0] = LANG;
        return 1 + langAndLexical(dst, 1, lang, lex, off, len);
    }

    public static int dirLangSize(int langLen, int lexLen) {
        return 3 + langLen + lexLen;
    }

    /** A language-tagged literal with a base direction (right-to-left when {@code rtl}). */
    public static int dirLang(byte[] dst, boolean rtl, byte[] lang, byte[] lex, int off, int len) {
        dst[0] = DIR_LANG;
        dst[1] = (byte) (rtl ? 'r' : 'l');
        return 2 + langAndLexical(dst, 2, lang, lex, off, len);
    }

    private static int langAndLexical(byte[] dst, int at, byte[] lang, byte[] lex, int off, int len) {
        if (lang.length > MAX_LANG) {
            throw new IllegalArgumentException("language tag longer than " + MAX_LANG + " bytes");
        }
        dst[at] = (byte) lang.length;
        System.arraycopy(lang, 0, dst, at + 1, lang.length);
        System.arraycopy(lex, off, dst, at + 1 + lang.length, len);
        return 1 + lang.length + len;
    }

    public static int typedSize(int dtLocalLen, int lexLen) {
        return TYPED_LOCAL + dtLocalLen + lexLen;
    }

    /** A literal of any other datatype: the datatype's namespace id and local name, then the lexical form. */
    public static int typed(byte[] dst, int dtPrefixId, byte[] dtLocal, int dtOff, int dtLen, byte[] lex, int off, int len) {
        if (dtLen > MAX_DATATYPE_LOCAL) {
            throw new IllegalArgumentException("datatype IRI local name longer than " + MAX_DATATYPE_LOCAL + " bytes");
        }
        dst[0] = TYPED;
        KeyLayout.putInt(dst, 1, dtPrefixId);
        dst[5] = (byte) (dtLen >>> 8);
        dst[6] = (byte) dtLen;
        System.arraycopy(dtLocal, dtOff, dst, TYPED_LOCAL, dtLen);
        System.arraycopy(lex, off, dst, TYPED_LOCAL + dtLen, len);
        return TYPED_LOCAL + dtLen + len;
    }

    public static int tripleSize(byte[] s, byte[] p, byte[] o) {
        return 1 + 12 + s.length + p.length + o.length;
    }

    /** A triple term: the term bytes of its subject, predicate and object, each after its length. */
    public static int triple(byte[] dst, byte[] s, byte[] p, byte[] o) {
        dst[0] = TRIPLE;
        int at = 1;
        for (byte[] part : new byte[][] {s, p, o}) {
            KeyLayout.putInt(dst, at, part.length);
            System.arraycopy(part, 0, dst, at + 4, part.length);
            at += 4 + part.length;
        }
        return at;
    }

    // ---------------------------------------------------------------- readers (term at b[off, end))

    public static byte tag(byte[] b, int off) {
        return b[off];
    }

    /** IRI and typed literal: the namespace id. */
    public static int prefixId(byte[] b, int off) {
        return KeyLayout.getInt(b, off + 1);
    }

    /**
     * Rewrites in place every namespace id of the term at {@code b[off...]}: an IRI's, a typed
     * literal's datatype's, and those inside a triple term. For terms encoded against one
     * prefix table and stored under another (a cluster build's per-task tables).
     */
    public static void remapPrefixes(byte[] b, int off, java.util.function.IntUnaryOperator map) {
        switch (b[off]) {
            case IRI, TYPED -> KeyLayout.putInt(b, off + 1, map.applyAsInt(prefixId(b, off)));
            case TRIPLE -> {
                for (int i = 0; i < 3; i++) {
                    remapPrefixes(b, tripleComponent(b, off, i), map);
                }
            }
            default -> {
                // blank nodes and the other literals name no namespace
            }
        }
    }

    /** IRI: where the local name starts. */
    public static int iriLocal(int off) {
        return off + IRI_LOCAL;
    }

    /** Blank node and string: where the label or lexical form starts. */
    public static int afterTag(int off) {
        return off + 1;
    }

    /** Lang and dir-lang: where the language tag starts (its length is the byte before). */
    public static int langStart(byte[] b, int off) {
        return off + (b[off] == DIR_LANG ? 3 : 2);
    }

    public static int langLength(byte[] b, int off) {
        return b[langStart(b, off) - 1] & 0xFF;
    }

    /** Dir-lang: right-to-left? */
    public static boolean rtl(byte[] b, int off) {
        return b[off + 1] == 'r';
    }

    /** Typed literal: the datatype's local name is at {@code [typedLocal(off), +typedLocalLength)}. */
    public static int typedLocal(int off) {
        return off + TYPED_LOCAL;
    }

    public static int typedLocalLength(byte[] b, int off) {
        return ((b[off + 5] & 0xFF) << 8) | (b[off + 6] & 0xFF);
    }

    /** Triple term: where component {@code i} (0, 1, 2) starts; its length is the int before it. */
    public static int tripleComponent(byte[] b, int off, int i) {
        int at = off + 1;
        for (int j = 0; j < i; j++) {
            at += 4 + KeyLayout.getInt(b, at);
        }
        return at + 4;
    }

    public static int tripleComponentLength(byte[] b, int componentStart) {
        return KeyLayout.getInt(b, componentStart - 4);
    }

    // ---------------------------------------------------------------- IRI split

    /**
     * Where an IRI splits into namespace and local name: after the last '#', '/' or ':' that is
     * not the IRI's last character. An IRI ending in a delimiter ({@code http://www.Producer1.com/},
     * a homepage) keeps it in its local name: split after it, each such IRI was a namespace of its
     * own, and a BSBM load created 282,431 namespaces for 4,961,095 triples (docs/benchmarks.md).
     */
    public static int splitPoint(String iri) {
        for (int i = iri.length() - 2; i >= 0; i--) {
            char c = iri.charAt(i);
            if (c == '#' || c == '/' || c == ':') {
                return i + 1;
            }
        }
        return 0;
    }

    /**
     * The same split on the IRI's UTF-8 bytes {@code b[off, off+len)}: the absolute index where the
     * local name starts. The three delimiters are ASCII, so both splits agree.
     */
    public static int splitPoint(byte[] b, int off, int len) {
        int split = Math.max(off, off + len - 1);
        while (split > off) {
            byte c = b[split - 1];
            if (c == '#' || c == '/' || c == ':') {
                break;
            }
            split--;
        }
        return split;
    }
}
