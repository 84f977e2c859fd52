package dev.quarry.store.encoding;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.TextDirection;
import org.junit.jupiter.api.Test;

/**
 * Pins the on-disk term bytes: fixed terms give fixed bytes, and those bytes read back as the
 * same terms. A change here changes the store format (stores written before would read wrong).
 */
class TermLayoutGoldenTest {
    private static final HexFormat HEX = HexFormat.of();

    /** Terms and their bytes, the namespaces numbered 1, 2, 3, 4 in order of first use. */
    static Map<Node, String> golden() {
        Map<Node, String> g = new LinkedHashMap<>();
        // namespace 1 = "http://ex.org/"
        g.put(NodeFactory.createURI("http://ex.org/s"), "01" + "00000001" + "73");
        // namespace 2 = "http://": an IRI ending in a delimiter keeps it in its local name (format 4)
        g.put(NodeFactory.createURI("http://ex.org/"), "01" + "00000002" + hex("ex.org/"));
        g.put(NodeFactory.createBlankNode("b1"), "02" + "6231");
        g.put(NodeFactory.createLiteralString("a longer string"), "03" + hex("a longer string"));
        g.put(NodeFactory.createLiteralString("caf\u00e9 cr\u00e8me br\u00fbl\u00e9e"),
                "03" + "636166c3a920" + "6372c3a86d6520" + "6272c3bb6cc3a965");
        g.put(NodeFactory.createLiteralLang("chat", "fr"), "04" + "02" + "6672" + "63686174");
        g.put(NodeFactory.createLiteralDirLang("hi", "en", TextDirection.RTL), "05" + "72" + "02" + "656e" + "6869");
        g.put(NodeFactory.createLiteralDirLang("hi", "en", TextDirection.LTR), "05" + "6c" + "02" + "656e" + "6869");
        // namespace 3 = XSD: a datatype that is not inlined
        g.put(NodeFactory.createLiteralDT("P1D", XSDDatatype.XSDduration),
                "06" + "00000003" + "0008" + hex("duration") + hex("P1D"));
        // namespace 4 = "urn:" (split after the last ':')
        g.put(NodeFactory.createLiteralDT("x", NodeFactory.getType("urn:dt")), "06" + "00000004" + "0002" + hex("dt") + "78");
        g.put(NodeFactory.createTripleTerm(NodeFactory.createURI("http://ex.org/s"), NodeFactory.createURI("http://ex.org/p"),
                NodeFactory.createLiteralString("o")),
                "07" + "00000006" + "0100000001" + "73" + "00000006" + "0100000001" + "70" + "00000002" + "03" + "6f");
        return g;
    }

    private static String hex(String s) {
        return HEX.formatHex(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void fixedTermsEncodeToFixedBytesAndDecodeBack() {
        TermCodec codec = new TermCodec(new MapPrefixes());
        for (Map.Entry<Node, String> e : golden().entrySet()) {
            byte[] bytes = codec.encode(e.getKey(), true);
            assertEquals(e.getValue(), HEX.formatHex(bytes), () -> "bytes of " + e.getKey());
            assertEquals(e.getKey(), codec.decode(HEX.parseHex(e.getValue())), () -> "read back " + e.getValue());
        }
    }

    @Test
    void byteSplitAgreesWithStringSplit() {
        for (String iri : new String[] {"http://ex.org/a#b", "urn:isbn:1", "nocolon", "http://ex.org/caf\u00e9", "a/", "",
            "http://www.Producer1.com/", "http://ex.org/doc#", "urn:", "/", "a//", "http://ex.org/caf\u00e9/"}) {
            byte[] b = ("xx" + iri).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            int split = TermLayout.splitPoint(b, 2, b.length - 2) - 2;
            assertEquals(iri.substring(0, TermLayout.splitPoint(iri)),
                    new String(b, 2, split, java.nio.charset.StandardCharsets.UTF_8), iri);
        }
    }

    /** Split after the last delimiter that is not the IRI's last character (format 4). */
    @Test
    void aTrailingDelimiterStaysInTheLocalName() {
        assertEquals(7, TermLayout.splitPoint("http://www.Producer1.com/"));
        assertEquals(14, TermLayout.splitPoint("http://ex.org/doc#"));
        assertEquals(14, TermLayout.splitPoint("http://ex.org/a/"));
        assertEquals(16, TermLayout.splitPoint("http://ex.org/a//"));
        assertEquals(0, TermLayout.splitPoint("urn:"));
        assertEquals(0, TermLayout.splitPoint("/"));
        assertEquals(14, TermLayout.splitPoint("http://ex.org/a"));
    }
}
