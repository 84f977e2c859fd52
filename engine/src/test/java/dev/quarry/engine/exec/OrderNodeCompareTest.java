package dev.quarry.engine.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.TextDirection;
import org.apache.jena.sparql.expr.NodeValue;
import org.junit.jupiter.api.Test;

/** ORDER BY's comparison gives ARQ's order, also where it skips ARQ's exception for two languages. */
class OrderNodeCompareTest {
    /** The sign of a comparison, or the exception it throws (ARQ throws for some pairs with a text direction). */
    private static String arq(java.util.function.IntSupplier compare) {
        try {
            return Integer.toString(Integer.signum(compare.getAsInt()));
        } catch (RuntimeException e) {
            return e.getClass().getSimpleName();
        }
    }

    @Test
    void languageTaggedLiteralsOrderAsArqOrdersThem() {
        Random rnd = new Random(7);
        String[] langs = {"en", "EN", "en-GB", "en-gb", "de", "fr", "zh", "ja"};
        String[] words = {"", "a", "A", "apple", "Apple", "b", "zebra", "ß", "é", "10", "9"};
        List<Node> nodes = new ArrayList<>();
        for (String w : words) {
            for (String l : langs) {
                nodes.add(NodeFactory.createLiteralLang(w, l));
            }
            nodes.add(NodeFactory.createLiteralDirLang(w, "en", TextDirection.LTR));
            nodes.add(NodeFactory.createLiteralDirLang(w, "ar", TextDirection.RTL));
            nodes.add(NodeFactory.createLiteralString(w));
            nodes.add(NodeFactory.createURI("http://example.org/" + w));
        }
        nodes.add(NodeFactory.createLiteralDT("10", XSDDatatype.XSDinteger));
        nodes.add(NodeFactory.createBlankNode("b1"));
        int shortcuts = 0;
        for (int i = 0; i < 20_000; i++) {
            Node a = nodes.get(rnd.nextInt(nodes.size())), b = nodes.get(rnd.nextInt(nodes.size()));
            NodeValue x = NodeValue.makeNode(a), y = NodeValue.makeNode(b);
            assertEquals(arq(() -> NodeValue.compareAlways(x, y)), arq(() -> OrderNode.compareAlways(x, y)), a + " vs " + b);
            if (x.isLangString() && y.isLangString() && !a.getLiteralLanguage().equalsIgnoreCase(b.getLiteralLanguage())) {
                shortcuts++;
            }
        }
        assertTrue(shortcuts > 1_000, "the pairs of two languages were checked: " + shortcuts);
    }
}
