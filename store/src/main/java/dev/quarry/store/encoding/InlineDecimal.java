package dev.quarry.store.encoding;

/**
 * Inline xsd:decimal ids ({@link TermId#KIND_DECIMAL}): the lexical rule, the payload
 * layout and the printer, in one place for the store's Node path and the loader's byte path.
 *
 * <pre>
 *   bits 55..48  scale: the number of digits after the point (0 = no point written)
 *   bits 47..0   unscaled value, two's complement (-2^47 .. 2^47-1)
 * </pre>
 *
 * The scale is kept as written, so {@code "1"}, {@code "1.0"} and {@code "1.50"} are three
 * inline ids that print back exactly (prices such as {@code "299.90"} are common). Inlined
 * is {@code -?D+(.D+)?} whose integer part has no leading zero (a single {@code 0} is
 * fine); a leading {@code +}, a bare point ({@code "5."}, {@code ".5"}), leading zeros and
 * negative zero ({@code "-0.0"}) go to the dictionary, as do values too large for 48 bits.
 */
public final class InlineDecimal {
    private InlineDecimal() {}

    static final long MAX_UNSCALED = (1L << 47) - 1;
    private static final long MAX_MAGNITUDE = 1L << 47; // of a negative value
    private static final int MAX_LENGTH = 64; // bounds the scale well below 256

    /** The inline id of an xsd:decimal lexical form given as bytes, or {@link TermId#NONE}. */
    public static long decimal(byte[] b, int off, int n) {
        if (n == 0 || n > MAX_LENGTH) {
            return TermId.NONE;
        }
        int end = off + n;
        boolean negative = b[off] == '-';
        int i = negative ? off + 1 : off;
        int intStart = i;
        long v = 0;
        for (; i < end && b[i] >= '0' && b[i] <= '9'; i++) {
            v = v * 10 + (b[i] - '0');
            if (v > MAX_MAGNITUDE) {
                return TermId.NONE;
            }
        }
        int intDigits = i - intStart;
        if (intDigits == 0 || (intDigits > 1 && b[intStart] == '0')) {
            return TermId.NONE;
        }
        int scale = 0;
        if (i < end) {
            if (b[i] != '.' || i + 1 == end) {
                return TermId.NONE;
            }
            for (i++; i < end; i++, scale++) {
                int c = b[i];
                if (c < '0' || c > '9') {
                    return TermId.NONE;
                }
                v = v * 10 + (c - '0');
                if (v > MAX_MAGNITUDE) {
                    return TermId.NONE;
                }
            }
        }
        if (negative ? v == 0 : v > MAX_UNSCALED) {
            // "-0.0" cannot be told apart from "0.0" in two's complement; the range is -2^47 .. 2^47-1
            return TermId.NONE;
        }
        long unscaled = negative ? -v : v;
        return ((long) TermId.KIND_DECIMAL << 56) | ((long) scale << 48) | (unscaled & 0xFFFF_FFFF_FFFFL);
    }

    /** The number of digits after the point of an inline decimal id. */
    public static int scale(long id) {
        return (int) (id >>> 48) & 0xFF;
    }

    /** The unscaled value of an inline decimal id: the value is {@code unscaled / 10^scale}. */
    public static long unscaled(long id) {
        return (id << 16) >> 16; // sign-extend the 48-bit value
    }

    /** The lexical form of an inline decimal id, exactly as it was written. */
    public static String print(long id) {
        int scale = scale(id);
        long unscaled = unscaled(id);
        String digits = Long.toString(Math.abs(unscaled));
        if (scale == 0) {
            return unscaled < 0 ? "-" + digits : digits;
        }
        StringBuilder sb = new StringBuilder(scale + 22);
        if (unscaled < 0) {
            sb.append('-');
        }
        int intDigits = digits.length() - scale;
        if (intDigits <= 0) {
            sb.append("0.");
            sb.repeat('0', -intDigits);
            sb.append(digits);
        } else {
            sb.append(digits, 0, intDigits).append('.').append(digits, intDigits, digits.length());
        }
        return sb.toString();
    }
}
