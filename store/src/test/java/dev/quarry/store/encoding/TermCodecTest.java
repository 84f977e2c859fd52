package dev.quarry.store.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.TextDirection;
import org.apache.jena.riot.out.NodeFmtLib;
import org.junit.jupiter.api.Test;

class TermCodecTest {
    private final TermCodec codec = new TermCodec(new MapPrefixes());

    static Node typed(String lex, XSDDatatype dt) {
        return NodeFactory.createLiteralDT(lex, dt);
    }

    /** One or more terms of every kind the codec knows, inline and dictionary. */
    static List<Node> everyKind() {
        Node s = NodeFactory.createURI("http://example.org/s");
        Node p = NodeFactory.createURI("http://example.org/p");
        return List.of(
                s,
                NodeFactory.createURI("urn:isbn:0451450523"),
                NodeFactory.createURI("http://example.org/ns#"),
                NodeFactory.createURI("nocolon"),
                NodeFactory.createURI("http://example.org/\u00e9t\u00e9/\uD83D\uDE00"),
                NodeFactory.createBlankNode("b0"),
                NodeFactory.createBlankNode("a-much-longer-blank-node-label-\u00e9"),
                NodeFactory.createLiteralString(""),
                NodeFactory.createLiteralString("short"),
                NodeFactory.createLiteralString("a\u0000b"),
                NodeFactory.createLiteralString("\uD83D\uDE00"),
                NodeFactory.createLiteralString("a string longer than any inline form " + "x".repeat(300)),
                NodeFactory.createLiteralLang("chat", "fr"),
                NodeFactory.createLiteralLang("colour", "en-GB"),
                NodeFactory.createLiteralDirLang("\u0645\u0631\u062d\u0628\u0627", "ar", TextDirection.RTL),
                NodeFactory.createLiteralDirLang("hello", "en", TextDirection.LTR),
                typed("1", XSDDatatype.XSDinteger),
                typed("-1", XSDDatatype.XSDinteger),
                typed("01", XSDDatatype.XSDinteger),
                typed("+1", XSDDatatype.XSDinteger),
                typed("-0", XSDDatatype.XSDinteger),
                typed("36028797018963967", XSDDatatype.XSDinteger),
                typed("36028797018963968", XSDDatatype.XSDinteger),
                typed("-36028797018963968", XSDDatatype.XSDinteger),
                typed("-36028797018963969", XSDDatatype.XSDinteger),
                typed("123456789012345678901234567890", XSDDatatype.XSDinteger),
                typed("abc", XSDDatatype.XSDinteger),
                typed("1.0", XSDDatatype.XSDdecimal),
                typed("true", XSDDatatype.XSDboolean),
                typed("false", XSDDatatype.XSDboolean),
                typed("1", XSDDatatype.XSDboolean),
                typed("2024-02-29", XSDDatatype.XSDdate),
                NodeFactory.createLiteralDT("x", NodeFactory.getType("http://example.org/dt#")),
                NodeFactory.createLiteralDT("x", NodeFactory.getType("urn:odd-datatype")),
                NodeFactory.createTripleTerm(s, p, typed("1", XSDDatatype.XSDinteger)),
                NodeFactory.createTripleTerm(NodeFactory.createBlankNode("b1"), p,
                        NodeFactory.createTripleTerm(s, p, NodeFactory.createLiteralLang("x", "en"))));
    }

    @Test
    void everyKindOfTermRoundTripsExactly() {
        for (Node n : everyKind()) {
            long inline = TermCodec.inlineId(n);
            Node back = inline != TermId.NONE ? TermCodec.decodeInline(inline) : codec.decode(codec.encode(n, true));
            assertEquals(n, back, () -> "round trip of " + n);
            // Node equality may forgive differences (e.g. language tag case): the written form may not.
            assertEquals(NodeFmtLib.strNT(n), NodeFmtLib.strNT(back));
        }
    }

    @Test
    void onlyCanonicalFormsAreInlined() {
        assertNotEquals(TermId.NONE, TermCodec.inlineId(typed("1", XSDDatatype.XSDinteger)));
        assertNotEquals(TermId.NONE, TermCodec.inlineId(typed("-36028797018963968", XSDDatatype.XSDinteger)));
        assertNotEquals(TermId.NONE, TermCodec.inlineId(typed("36028797018963967", XSDDatatype.XSDinteger)));
        for (String lex : List.of("01", "+1", "-0", "00", "", "-", "36028797018963968", "-36028797018963969", " 1")) {
            assertEquals(TermId.NONE, TermCodec.inlineId(typed(lex, XSDDatatype.XSDinteger)), lex);
        }
        assertEquals(TermId.NONE, TermCodec.inlineId(typed("1", XSDDatatype.XSDboolean)));
        assertEquals(TermId.NONE, TermCodec.inlineId(NodeFactory.createLiteralString("seven!!")));
        assertEquals(TermId.NONE, TermCodec.inlineId(NodeFactory.createLiteralString("\u00e9\u00e9\u00e9\u00e9")));
    }

    /**
     * Bug: a string with an unpaired UTF-16 surrogate (Java allows it, RIOT and SPARQL
     * escapes such as "\uD800" produce it) was written as UTF-8 with '?' in its place,
     * so the store silently gave back a different term. It is not Unicode text and
     * cannot be stored: writing fails with a clear message, lookups find nothing.
     */
    @Test
    void unpairedSurrogateIsRejectedNotCorrupted() {
        List<Node> bad = List.of(
                NodeFactory.createLiteralString("a\uD800b"),
                NodeFactory.createLiteralString("a longer string that ends badly \uDC00"),
                NodeFactory.createLiteralLang("x\uD800", "en"),
                NodeFactory.createLiteralDT("1\uD800", XSDDatatype.XSDinteger),
                NodeFactory.createBlankNode("b\uD800"),
                NodeFactory.createURI("http://example.org/\uD800"),
                NodeFactory.createURI("http://example.org/\uD800/x"),
                NodeFactory.createTripleTerm(NodeFactory.createURI("http://example.org/s"),
                        NodeFactory.createURI("http://example.org/p"), NodeFactory.createLiteralString("\uDBFF")));
        for (Node n : bad) {
            assertEquals(TermId.NONE, TermCodec.inlineId(n), () -> "inlined: " + n);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> codec.encode(n, true));
            assertTrue(e.getMessage().contains("surrogate"), e.getMessage());
            assertNull(codec.encode(n, false), () -> "lookup encoding of " + n);
        }
    }

    @Test
    void lookupWithoutCreatingDoesNotInventNamespaces() {
        assertNull(codec.encode(NodeFactory.createURI("http://unknown.example/x"), false));
    }

    @Test
    void goldenTermBytes() {
        // Prefix ids are given in order of first use: http://example.org/ is 1.
        assertArrayEquals(new byte[] {0x01, 0, 0, 0, 1, 'a'}, codec.encode(NodeFactory.createURI("http://example.org/a"), true));
        assertArrayEquals(new byte[] {0x02, 'b', '0'}, codec.encode(NodeFactory.createBlankNode("b0"), true));
        assertArrayEquals(new byte[] {0x03, 'l', 'o', 'n', 'g', 'e', 'r', '!'},
                codec.encode(NodeFactory.createLiteralString("longer!"), true));
        assertArrayEquals(new byte[] {0x04, 2, 'e', 'n', 'h', 'i'}, codec.encode(NodeFactory.createLiteralLang("hi", "en"), true));
        assertArrayEquals(new byte[] {0x05, 'r', 2, 'a', 'r', 'h', 'i'},
                codec.encode(NodeFactory.createLiteralDirLang("hi", "ar", TextDirection.RTL), true));
        assertArrayEquals(new byte[] {0x06, 0, 0, 0, 1, 0, 2, 'd', 't', 'x'},
                codec.encode(NodeFactory.createLiteralDT("x", NodeFactory.getType("http://example.org/dt")), true));
    }
}
