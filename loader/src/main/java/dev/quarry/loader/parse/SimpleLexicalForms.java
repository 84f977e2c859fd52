package dev.quarry.loader.parse;

import org.apache.jena.datatypes.RDFDatatype;
import org.apache.jena.datatypes.xsd.XSDDatatype;

/**
 * Recognises, on bytes, the plain lexical forms of common XSD datatypes that are valid
 * beyond doubt ({@code 42}, {@code -3.50}, {@code 2008-05-19}, {@code 2008-05-19T00:00:00},
 * {@code true}), so most typed literals skip Jena's validator and the String it needs. Only
 * says yes or "don't know": anything else (signs, exponents, time zones, days past the 28th,
 * other datatypes) goes to Jena, which decides.
 */
final class SimpleLexicalForms {
    private SimpleLexicalForms() {}

    /** True if {@code b[off, off+len)} is certainly a valid lexical form of {@code type}. */
    static boolean certainlyValid(RDFDatatype type, byte[] b, int off, int len) {
        if (type == XSDDatatype.XSDinteger) {
            return digits(b, off + (len > 1 && b[off] == '-' ? 1 : 0), off + len);
        }
        if (type == XSDDatatype.XSDdecimal) {
            int start = off + (len > 1 && b[off] == '-' ? 1 : 0);
            int end = off + len;
            int dot = start;
            while (dot < end && b[dot] != '.') {
                dot++;
            }
            return digits(b, start, dot) && (dot == end || digits(b, dot + 1, end));
        }
        if (type == XSDDatatype.XSDdate) {
            return len == 10 && date(b, off);
        }
        if (type == XSDDatatype.XSDdateTime) {
            return len == 19 && date(b, off) && b[off + 10] == 'T' && time(b, off + 11);
        }
        if (type == XSDDatatype.XSDboolean) {
            return len == 4 && b[off] == 't' && b[off + 1] == 'r' && b[off + 2] == 'u' && b[off + 3] == 'e'
                    || len == 5 && b[off] == 'f' && b[off + 1] == 'a' && b[off + 2] == 'l' && b[off + 3] == 's'
                    && b[off + 4] == 'e';
        }
        return false;
    }

    /** At least one ASCII digit and nothing else. */
    private static boolean digits(byte[] b, int from, int to) {
        if (from >= to) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (b[i] < '0' || b[i] > '9') {
                return false;
            }
        }
        return true;
    }

    /** {@code YYYY-MM-DD}, year 1000..9999, month 01..12, day 01..28 (valid in every month). */
    private static boolean date(byte[] b, int p) {
        if (!digits(b, p, p + 4) || b[p] == '0' || b[p + 4] != '-' || !digits(b, p + 5, p + 7) || b[p + 7] != '-'
                || !digits(b, p + 8, p + 10)) {
            return false;
        }
        int month = number(b, p + 5), day = number(b, p + 8);
        return month >= 1 && month <= 12 && day >= 1 && day <= 28;
    }

    /** {@code hh:mm:ss}, 00..23, 00..59, 00..59. */
    private static boolean time(byte[] b, int p) {
        return digits(b, p, p + 2) && b[p + 2] == ':' && digits(b, p + 3, p + 5) && b[p + 5] == ':'
                && digits(b, p + 6, p + 8) && number(b, p) <= 23 && number(b, p + 3) <= 59 && number(b, p + 6) <= 59;
    }

    private static int number(byte[] b, int p) {
        return (b[p] - '0') * 10 + (b[p + 1] - '0');
    }
}
