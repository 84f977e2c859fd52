package dev.quarry.store.encoding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.junit.jupiter.api.Test;

/**
 * Inline xsd:dateTime, xsd:date and xsd:decimal: every inlined form prints back byte for
 * byte (so no two forms share an id), forms the printer would not write go to the
 * dictionary, and the loader's byte rule agrees with the Node rule on every case.
 */
class InlineTemporalDecimalTest {
    private static final XSDDatatype DT = XSDDatatype.XSDdateTime;
    private static final XSDDatatype D = XSDDatatype.XSDdate;
    private static final XSDDatatype DEC = XSDDatatype.XSDdecimal;
    private static final int CASES = 20_000;

    @Test
    void goldenIds() {
        // 2008-05-10T12:00:00Z: year 2008, month 5, day 10, hour 12, zone code 64.
        long dt = (0x83L << 56) | (2008L << 43) | (5L << 39) | (10L << 34) | (12L << 29) | 64;
        assertEquals(dt, id("2008-05-10T12:00:00Z", DT));
        assertEquals((0x84L << 56) | (2008L << 43) | (5L << 39) | (10L << 34), id("2008-05-10", D));
        assertEquals((0x84L << 56) | (2008L << 43) | (5L << 39) | (10L << 34) | (64 - 56), id("2008-05-10-14:00", D));
        assertEquals(0x8202_0000_0000_7526L, id("299.90", DEC));
        assertEquals(0x8201_FFFF_FFFF_FFF1L, id("-1.5", DEC));
        assertEquals(0x8200_0000_0000_0001L, id("1", DEC));
    }

    @Test
    void canonicalDateTimesAndDatesAreInlinedAndPrintBack() {
        Random rnd = new Random(20260522);
        for (int i = 0; i < CASES; i++) {
            String date = String.format("%04d-%02d-%02d", rnd.nextInt(InlineDateTime.MAX_YEAR + 1), 1 + rnd.nextInt(12),
                    1 + rnd.nextInt(28));
            String zone = randomZone(rnd);
            String time = String.format("T%02d:%02d:%02d", rnd.nextInt(24), rnd.nextInt(60), rnd.nextInt(60))
                    + randomFraction(rnd);
            assertInlinedExactly(date + time + zone, DT);
            assertInlinedExactly(date + zone, D);
        }
        for (String lex : List.of("0000-01-01T00:00:00", "8191-12-31T23:59:59.999+14:00", "2024-02-29T00:00:00.001-14:00",
                "2000-02-29T10:15:00.01-00:15", "1999-12-31T23:59:59.9Z", "2008-05-10T12:00:00+05:30")) {
            assertInlinedExactly(lex, DT);
        }
        for (String lex : List.of("0000-01-01", "8191-12-31+14:00", "2024-02-29Z", "1900-02-28-09:45", "2023-04-30")) {
            assertInlinedExactly(lex, D);
        }
    }

    @Test
    void otherDateTimeFormsGoToTheDictionary() {
        for (String lex : List.of("2008-05-10T12:00:00.000Z", "2008-05-10T12:00:00.500Z", "2008-05-10T12:00:00.10",
                "2008-05-10T12:00:00.1234Z", "2008-05-10T12:00:00.Z", "+2008-05-10T12:00:00Z", "-2008-05-10T12:00:00Z",
                "12008-05-10T12:00:00Z", "8192-01-01T00:00:00Z", "2008-05-10T24:00:00Z", "2008-05-10T12:60:00Z",
                "2008-05-10T12:00:60Z", "2008-13-10T12:00:00Z", "2008-00-10T12:00:00Z", "2008-02-30T12:00:00Z",
                "2023-02-29T12:00:00Z", "1900-02-29T12:00:00Z", "2008-05-10T12:00:00+00:00", "2008-05-10T12:00:00-00:00",
                "2008-05-10T12:00:00+14:15", "2008-05-10T12:00:00+15:00", "2008-05-10T12:00:00+05:10",
                "2008-05-10T12:00:00+0530", "2008-05-10T12:00:00z", "2008-05-10 12:00:00", "2008-5-10T12:00:00",
                "2008-05-10T12:00", "2008-05-10T12:00:00Z ", " 2008-05-10T12:00:00", "2008-05-10", "")) {
            assertEquals(TermId.NONE, id(lex, DT), lex);
        }
        for (String lex : List.of("2008-05-10+00:00", "2008-05-10-00:00", "2008-02-30", "8192-01-01", "-0001-01-01",
                "12008-05-10", "2008-05-10T00:00:00", "2008-05-1", "2008/05/10", "2008-05-10+14:30", "")) {
            assertEquals(TermId.NONE, id(lex, D), lex);
        }
    }

    @Test
    void decimalsAreInlinedWithTheirScaleAndPrintBack() {
        Random rnd = new Random(7);
        for (int i = 0; i < CASES; i++) {
            long unscaled = rnd.nextLong() >> (16 + rnd.nextInt(48)); // all magnitudes up to 48 bits
            int scale = rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(20);
            String lex = new BigDecimal(BigInteger.valueOf(unscaled), scale).toPlainString();
            if (lex.startsWith("-0") && unscaled == 0) {
                continue;
            }
            assertInlinedExactly(lex, DEC);
        }
        for (String lex : List.of("0", "0.0", "1.0", "1.50", "-0.5", "0.00000000000000000001", "140737488355327",
                "-140737488355328", "1407374883.55327", "-0.140737488355328")) {
            assertInlinedExactly(lex, DEC);
        }
    }

    @Test
    void otherDecimalFormsGoToTheDictionary() {
        for (String lex : List.of("+1.0", "01.0", "00", "-0", "-0.0", "-0.00", ".5", "5.", "-.5", "1e3", "1.0.0", " 1.0",
                "1.0 ", "140737488355328", "-140737488355329", "14073748835532.80", "0x10", "", "-", "1,5")) {
            assertEquals(TermId.NONE, id(lex, DEC), lex);
        }
    }

    /**
     * Random strings over the characters these forms are made of, plus some that are not:
     * whatever is inlined must print back exactly (so no two forms share an id), and the
     * loader's byte rule must give the same answer as the Node rule.
     */
    @Test
    void anyInlinedStringPrintsBackAndTheByteRuleAgrees() {
        Random rnd = new Random(42);
        String alphabet = "0000111222345599--+::..TZ\u00e9\u0661 ";
        Map<Long, String> seen = new HashMap<>();
        int inlined = 0;
        for (int i = 0; i < 4 * CASES; i++) {
            StringBuilder sb = new StringBuilder(seed(rnd));
            for (int k = rnd.nextInt(4); k > 0; k--) {
                int at = rnd.nextInt(sb.length() + 1);
                if (rnd.nextBoolean() && at < sb.length()) {
                    sb.deleteCharAt(at);
                } else {
                    sb.insert(at, alphabet.charAt(rnd.nextInt(alphabet.length())));
                }
            }
            String lex = sb.toString();
            for (XSDDatatype type : List.of(DT, D, DEC)) {
                long id = id(lex, type);
                assertEquals(id, byteRule(lex, type), () -> "byte rule disagrees on " + lex);
                if (id != TermId.NONE) {
                    inlined++;
                    assertEquals(lex, TermCodec.decodeInline(id).getLiteralLexicalForm());
                    String before = seen.putIfAbsent(id, lex);
                    assertEquals(before == null ? lex : before, lex, "two forms share an id");
                }
            }
        }
        assertNotEquals(0, inlined);
    }

    private static String seed(Random rnd) {
        return switch (rnd.nextInt(4)) {
            case 0 -> "2024-02-29T23:59:59.120+05:45";
            case 1 -> "0400-02-29Z";
            case 2 -> "-1024.50";
            default -> "0.05";
        };
    }

    private static String randomZone(Random rnd) {
        int pick = rnd.nextInt(3);
        if (pick == 0) {
            return "";
        }
        if (pick == 1) {
            return "Z";
        }
        int quarters = 1 + rnd.nextInt(56);
        return String.format("%s%02d:%02d", rnd.nextBoolean() ? "+" : "-", quarters / 4, quarters % 4 * 15);
    }

    private static String randomFraction(Random rnd) {
        int digits = rnd.nextInt(4);
        if (digits == 0) {
            return "";
        }
        StringBuilder sb = new StringBuilder(".");
        for (int d = 1; d < digits; d++) {
            sb.append(rnd.nextInt(10));
        }
        return sb.append(1 + rnd.nextInt(9)).toString(); // the last digit is not a zero
    }

    private static void assertInlinedExactly(String lex, XSDDatatype type) {
        Node n = NodeFactory.createLiteralDT(lex, type);
        long id = TermCodec.inlineId(n);
        assertNotEquals(TermId.NONE, id, () -> "not inlined: " + lex);
        assertEquals(type == DEC ? TermId.KIND_DECIMAL : type == DT ? TermId.KIND_DATETIME : TermId.KIND_DATE,
                TermId.kind(id));
        Node back = TermCodec.decodeInline(id);
        assertEquals(n, back);
        assertEquals(lex, back.getLiteralLexicalForm());
        assertEquals(id, byteRule(lex, type), () -> "byte rule disagrees on " + lex);
    }

    private static long id(String lex, XSDDatatype type) {
        long id = TermCodec.inlineId(NodeFactory.createLiteralDT(lex, type));
        assertEquals(id, byteRule(lex, type), () -> "byte rule disagrees on " + lex);
        return id;
    }

    /** What the loader calls on the UTF-8 bytes of the lexical form. */
    private static long byteRule(String lex, XSDDatatype type) {
        byte[] b = ("<" + lex + ">").getBytes(StandardCharsets.UTF_8); // at an offset, inside a larger buffer
        int n = b.length - 2;
        if (type == DEC) {
            return InlineDecimal.decimal(b, 1, n);
        }
        return type == DT ? InlineDateTime.dateTime(b, 1, n) : InlineDateTime.date(b, 1, n);
    }
}
