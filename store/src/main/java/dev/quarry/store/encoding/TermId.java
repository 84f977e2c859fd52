package dev.quarry.store.encoding;

import java.nio.charset.StandardCharsets;

/**
 * The 64-bit term id: the one place that says what the bits of an id mean.
 *
 * <pre>
 *   bits 63..56  kind byte (constants below)
 *   bits 55..0   payload: a dictionary sequence number, or an inlined value
 * </pre>
 *
 * Dictionary kinds name terms stored in the dictionary; inline kinds carry the
 * whole term in the payload, so they need no dictionary entry and no lookup.
 * Only lexical forms that the decoder prints back byte for byte are inlined, so every
 * term round-trips exactly and two lexical forms never share an id:
 * {@code "01"^^xsd:integer} goes to the dictionary, {@code "1"^^xsd:integer} is inlined.
 *
 * <pre>
 *   0x80 xsd:integer   56-bit two's complement
 *   0x81 xsd:boolean   0 / 1
 *   0x82 xsd:decimal   scale (8) + unscaled value (48)        {@link InlineDecimal}
 *   0x83 xsd:dateTime  year (13) month day hour minute ms-of-minute (16) zone (7)  {@link InlineDateTime}
 *   0x84 xsd:date      the same layout, time fields 0
 *   0x90+n xsd:string  n = 0..6 UTF-8 bytes
 * </pre>
 *
 * Which ids terms get is part of the on-disk format: adding an inline kind moves terms
 * out of the dictionary, so it bumps {@code QuadStore.FORMAT_VERSION}.
 */
public final class TermId {
    private TermId() {}

    /** No term: the wildcard in patterns and "absent" in lookups. */
    public static final long NONE = 0L;
    /** The default graph's reserved graph id (kind 0, payload 1). */
    public static final long DEFAULT_GRAPH = 1L;
    /** In a pattern's graph position only: any named graph, not the default graph. Never stored. */
    public static final long ANY_NAMED_GRAPH = -1L;

    // Kind bytes. Explicit constants, never an enum ordinal: they are on disk.
    /** A term stored in the dictionary; its term bytes say which kind of term. */
    public static final int KIND_DICT = 0x01;
    /**
     * A term a query computed (BIND, VALUES, a function's result) that the store does not
     * have: the payload indexes the query's own table of such terms. Never stored.
     */
    public static final int KIND_QUERY_LOCAL = 0x02;
    /** Inline xsd:integer in canonical form whose value fits in 56 signed bits. */
    public static final int KIND_INTEGER = 0x80;
    /** Inline xsd:boolean "true" / "false". */
    public static final int KIND_BOOLEAN = 0x81;
    /** Inline xsd:decimal: scale and unscaled value, see {@link InlineDecimal}. */
    public static final int KIND_DECIMAL = 0x82;
    /** Inline xsd:dateTime with or without time zone, see {@link InlineDateTime}. */
    public static final int KIND_DATETIME = 0x83;
    /** Inline xsd:date with or without time zone, see {@link InlineDateTime}. */
    public static final int KIND_DATE = 0x84;
    /** Inline xsd:string of 0..6 UTF-8 bytes: kind 0x90 + length. */
    public static final int KIND_SHORT_STRING = 0x90;
    public static final int SHORT_STRING_MAX = 6;

    private static final long PAYLOAD_MASK = 0x00FF_FFFF_FFFF_FFFFL;
    public static final long MAX_SEQUENCE = PAYLOAD_MASK;

    public static int kind(long id) {
        return (int) (id >>> 56);
    }

    public static boolean isInline(long id) {
        return kind(id) >= 0x80;
    }

    public static boolean isQueryLocal(long id) {
        return kind(id) == KIND_QUERY_LOCAL;
    }

    public static long queryLocalId(int index) {
        return ((long) KIND_QUERY_LOCAL << 56) | index;
    }

    public static boolean isDictionary(long id) {
        return kind(id) == KIND_DICT;
    }

    public static long dictionaryId(long sequence) {
        if (sequence <= 0 || sequence > MAX_SEQUENCE) {
            throw new IllegalArgumentException("dictionary sequence out of range: " + sequence);
        }
        return ((long) KIND_DICT << 56) | sequence;
    }

    /** The smallest id of {@code kind} (ids of one kind are one contiguous range in the indexes' order). */
    public static long firstOfKind(int kind) {
        return (long) kind << 56;
    }

    /** The greatest id of {@code kind}. */
    public static long lastOfKind(int kind) {
        return ((long) kind << 56) | PAYLOAD_MASK;
    }

    public static long sequence(long id) {
        return id & PAYLOAD_MASK;
    }

    // ---- inline integers

    static final long INLINE_INT_MIN = -(1L << 55);
    static final long INLINE_INT_MAX = (1L << 55) - 1;

    public static long minInlineInteger() {
        return INLINE_INT_MIN;
    }

    public static long maxInlineInteger() {
        return INLINE_INT_MAX;
    }

    public static boolean fitsInlineInteger(long value) {
        return value >= INLINE_INT_MIN && value <= INLINE_INT_MAX;
    }

    public static long inlineInteger(long value) {
        return ((long) KIND_INTEGER << 56) | (value & PAYLOAD_MASK);
    }

    public static long integerValue(long id) {
        return (id << 8) >> 8; // sign-extend the 56-bit payload
    }

    // ---- inline booleans

    public static long inlineBoolean(boolean value) {
        return ((long) KIND_BOOLEAN << 56) | (value ? 1 : 0);
    }

    public static boolean booleanValue(long id) {
        return (id & 1) != 0;
    }

    // ---- inline short strings

    public static boolean isShortString(long id) {
        int k = kind(id);
        return k >= KIND_SHORT_STRING && k <= KIND_SHORT_STRING + SHORT_STRING_MAX;
    }

    /** The id for a UTF-8 string of at most {@link #SHORT_STRING_MAX} bytes. */
    public static long inlineShortString(byte[] utf8) {
        if (utf8.length > SHORT_STRING_MAX) {
            throw new IllegalArgumentException("too long to inline");
        }
        long payload = 0;
        for (byte b : utf8) {
            payload = (payload << 8) | (b & 0xFF);
        }
        payload <<= 8 * (SHORT_STRING_MAX - utf8.length); // left-aligned: ids sort like the strings
        return ((long) (KIND_SHORT_STRING + utf8.length) << 56) | payload;
    }

    public static String shortStringValue(long id) {
        int len = kind(id) - KIND_SHORT_STRING;
        byte[] bytes = new byte[len];
        for (int i = 0; i < len; i++) {
            bytes[i] = (byte) (id >>> (8 * (SHORT_STRING_MAX - 1 - i)));
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    public static String toString(long id) {
        return String.format("%02x:%014x", kind(id), sequence(id));
    }
}
